import SwiftParser
import SwiftSyntax

// Overall design: a file is parsed by swift-syntax's parser and walked once by a rewriter that
// changes only what Swift on Linux rejects in UIKit code, each change a node replaced with its
// trivia (comments, indentation) kept, so an untouched line comes out byte for byte:
//
// - `import UIKit` (and QuartzCore, CoreGraphics, CoreAnimation) becomes one `import Strata`;
// - `#selector(tapped)`, `#selector(self.tapped(_:))` and `#selector(Type.tapped(_:))` passed as a
//   target's action become the method reference Strata's target–action takes
//   (`ViewController.tapped(_:)`), the type being the enclosing one when the selector names none;
//   `CADisplayLink(target:selector:)` becomes `CADisplayLink(target:action:)`;
// - `@objc`, `@objc(name)`, `@objcMembers`, `@IBAction`, `@IBOutlet`, `@IBInspectable`,
//   `@IBDesignable` and `@IBSegueAction` go, and with `@objc` the `dynamic` and `optional` it
//   allowed.
//
// What cannot be rewritten without knowing the program (a selector handed to NotificationCenter,
// Timer or `perform`, `#keyPath`, `@UIApplicationMain`, optional protocol requirements) is left
// as it is and reported with its line, so nothing is changed silently.

/// What porting one file gave: the new text, what was changed and what could not be, each with
/// its line in the original file.
public struct PortReport: Sendable, Equatable {
    /// One change made, or one thing left for the programmer, at a line and column of the
    /// original file (both from 1).
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        /// The line, from 1.
        public var line: Int
        /// The column, from 1.
        public var column: Int
        /// What was done, or what to do.
        public var message: String

        /// `LINE:COLUMN: message`.
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// The file's text after porting (the original text when nothing changed).
    public var text: String
    /// What was changed, in the file's order.
    public var changes: [Note]
    /// What was left as it is for the programmer to port, in the file's order.
    public var unresolved: [Note]
}

/// Rewrites UIKit source files so that they compile against Strata. Any thread.
public enum UIKitPort {
    /// The modules UIKit code imports that Strata stands in for.
    static let replacedModules: Set<String> = ["UIKit", "QuartzCore", "CoreGraphics", "CoreAnimation"]

    /// Ports one file's text (see the overall design above); a file that needs nothing comes back
    /// unchanged, with no notes.
    public static func port(_ source: String) -> PortReport {
        let tree = Parser.parse(source: source)
        let rewriter = PortRewriter(locations: SourceLocationConverter(fileName: "", tree: tree))
        let result = rewriter.rewrite(tree)
        var text = result.description
        // An entry point appended before the end of the file ends with the file's last newline.
        if !rewriter.applicationDelegates.isEmpty, source.hasSuffix("\n"), !text.hasSuffix("\n") { text += "\n" }
        let order = { (a: PortReport.Note, b: PortReport.Note) in (a.line, a.column) < (b.line, b.column) }
        return PortReport(
            text: text, changes: rewriter.changes.sorted(by: order), unresolved: rewriter.unresolved.sorted(by: order))
    }
}

/// The walk `UIKitPort.port(_:)` makes.
final class PortRewriter: SyntaxRewriter {
    let locations: SourceLocationConverter
    var changes: [PortReport.Note] = []
    var unresolved: [PortReport.Note] = []
    /// The application delegates whose `@UIApplicationMain` (or `@main`) went: each gets an entry
    /// point at the end of the file.
    var applicationDelegates: [String] = []

    init(locations: SourceLocationConverter) {
        self.locations = locations
        super.init(viewMode: .sourceAccurate)
    }

    /// Notes `message` at `node`'s place in the original file.
    private func note(_ node: some SyntaxProtocol, _ message: String, resolved: Bool) {
        let place = node.startLocation(converter: locations)
        let entry = PortReport.Note(line: place.line, column: place.column, message: message)
        if resolved { changes.append(entry) } else { unresolved.append(entry) }
    }

    // MARK: Imports

    override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
        let visited = super.visit(node)
        // Top-level imports of UIKit's modules: the first becomes `import Strata` (unless the file
        // has one), the others go, their leading trivia (comments) moved to what follows.
        guard node.parent?.is(SourceFileSyntax.self) == true else { return visited }
        var hasStrata = visited.contains { item in
            item.item.as(ImportDeclSyntax.self).map { $0.path.first?.name.text == "Strata" } ?? false
        }
        var items: [CodeBlockItemSyntax] = []
        var carried: Trivia?
        for (originalItem, visitedItem) in zip(node, visited) {
            var item = visitedItem
            if let carriedTrivia = carried {
                item.leadingTrivia = carriedTrivia + item.leadingTrivia
                carried = nil
            }
            guard let decl = originalItem.item.as(ImportDeclSyntax.self), let module = decl.path.first?.name.text,
                UIKitPort.replacedModules.contains(module)
            else {
                items.append(item)
                continue
            }
            let original = decl.path.trimmedDescription
            if hasStrata {
                note(decl, "removed `import \(original)`: `import Strata` brings it", resolved: true)
                // (Comments above it stay, above what follows.)
                let pieces = Array(item.leadingTrivia)
                if let last = pieces.lastIndex(where: { $0.isComment }) { carried = Trivia(pieces: pieces[...last]) }
                continue
            }
            hasStrata = true
            let replacement = decl.with(\.path, ImportPathComponentListSyntax([ImportPathComponentSyntax(name: .identifier("Strata"))]))
                .with(\.importKindSpecifier, nil)
            item.item = .decl(DeclSyntax(replacement.with(\.path.trailingTrivia, decl.path.trailingTrivia)))
            note(decl, "`import \(original)` → `import Strata`", resolved: true)
            items.append(item)
        }
        if let carried, !items.isEmpty {
            items[items.count - 1].trailingTrivia = items[items.count - 1].trailingTrivia + carried
        }
        for delegate in applicationDelegates {
            let entry = Parser.parse(source: Self.entryPoint(for: delegate))
            items += entry.statements
        }
        return CodeBlockItemListSyntax(items)
    }

    // MARK: Attributes

    /// Attributes Swift without Objective-C rejects, and that Strata needs none of.
    static let removedAttributes: Set<String> = [
        "objc", "objcMembers", "IBAction", "IBOutlet", "IBInspectable", "IBDesignable", "IBSegueAction", "GKInspectable",
    ]

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(FunctionDeclSyntax.self))) }
    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(VariableDeclSyntax.self))) }
    override func visit(_ node: InitializerDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(InitializerDeclSyntax.self))) }
    override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(SubscriptDeclSyntax.self))) }
    override func visit(_ node: ClassDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(ClassDeclSyntax.self))) }
    override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(ExtensionDeclSyntax.self))) }
    override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(ProtocolDeclSyntax.self))) }
    override func visit(_ node: EnumDeclSyntax) -> DeclSyntax { DeclSyntax(stripped(node, visited: super.visit(node).cast(EnumDeclSyntax.self))) }

    /// `visited` (the rewritten `original`) without the attributes Swift on Linux rejects (and
    /// the `dynamic` or `optional` that `@objc` allowed), its leading trivia kept on what now
    /// comes first. The notes take their places from `original`, which is still in the file's tree.
    private func stripped<Decl: WithAttributesSyntax & WithModifiersSyntax>(_ original: Decl, visited: Decl) -> Decl {
        var removedObjC = false
        var kept: [AttributeListSyntax.Element] = []
        for (element, rewritten) in zip(original.attributes, visited.attributes) {
            guard case .attribute(let attribute) = element else {
                kept.append(rewritten)
                continue
            }
            let name = attribute.attributeName.trimmedDescription
            if let delegate = original.as(ClassDeclSyntax.self), name == "UIApplicationMain" || (name == "main" && Self.isApplicationDelegate(delegate)) {
                note(
                    attribute,
                    "`@\(name)` → `@main enum \(delegate.name.text)Main` below: the delegate's window shown by RenderProgram (120 frames of a 390 × 844-point screen at scale 3; change them there), so `strata render` renders the app",
                    resolved: true)
                applicationDelegates.append(delegate.name.text)
            } else if name == "UIApplicationMain" || name == "NSApplicationMain" {
                note(
                    attribute,
                    "@\(name) left as it is: Strata has no launch sequence; start the program from a `@main` of its own that makes a UIScreen and the window the delegate makes (see RenderProgram and the article \"Porting from UIKit\")",
                    resolved: false)
                kept.append(rewritten)
            } else if name == "NSManaged" {
                note(attribute, "@NSManaged left as it is: Core Data is not part of Strata", resolved: false)
                kept.append(rewritten)
            } else if Self.removedAttributes.contains(name) {
                if name == "objc" || name == "objcMembers" { removedObjC = true }
                note(attribute, "removed `\(attribute.trimmedDescription)`\(Self.why(name))", resolved: true)
            } else {
                kept.append(rewritten)
            }
        }
        guard kept.count != visited.attributes.count else { return visited }
        var result = visited
        result.attributes = AttributeListSyntax(kept)
        if removedObjC {
            var modifiers: [DeclModifierSyntax] = []
            for (modifier, rewritten) in zip(original.modifiers, visited.modifiers) {
                switch modifier.name.text {
                case "dynamic":
                    note(modifier, "removed `dynamic` with `@objc`: Strata has no key-value observing; observe the value with didSet or a closure", resolved: true)
                case "optional":
                    note(
                        modifier,
                        "removed `optional` with `@objc` (Swift without Objective-C has no optional requirements): a conformer without the method no longer compiles; give it a default in an extension of the protocol",
                        resolved: false)
                default:
                    modifiers.append(rewritten)
                }
            }
            result.modifiers = DeclModifierListSyntax(modifiers)
        }
        result.leadingTrivia = visited.leadingTrivia
        return result
    }

    /// Whether `decl` names `UIApplicationDelegate` among what it inherits.
    static func isApplicationDelegate(_ decl: ClassDeclSyntax) -> Bool {
        decl.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "UIApplicationDelegate" } ?? false
    }

    /// The entry point that stands in for UIKit's launch of `delegate`: the delegate made and
    /// kept, told the launch finished, and the window it made shown by a `RenderProgram`.
    static func entryPoint(for delegate: String) -> String {
        """


        /// The program's entry (written by `strata port` for the delegate's `@main`): Strata has no
        /// launch sequence, so this makes the delegate, tells it the launch finished, and shows the
        /// window it made on a screen that `strata render` renders (`RenderProgram`).
        @main
        @MainActor
        enum \(delegate)Main {
            /// The delegate, kept for the program's life (UIApplication holds its delegate weakly).
            static var delegate: \(delegate)?

            static func main() async {
                await RenderProgram(size: CGSize(width: 390, height: 844), scale: 3, frameCount: 120) { _ in
                    let delegate = \(delegate)()
                    \(delegate)Main.delegate = delegate
                    UIApplication.shared.delegate = delegate
                    _ = delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
                    guard let window = delegate.window else {
                        preconditionFailure("\(delegate) made no window in application(_:didFinishLaunchingWithOptions:); Strata has no scenes: make it there")
                    }
                    return window
                }.main()
            }
        }

        """
    }

    /// Why an attribute goes, for its note.
    private static func why(_ name: String) -> String {
        switch name {
        case "IBOutlet": ": Strata loads no storyboards or nibs; make the view in code"
        case "IBAction", "IBSegueAction": ": actions are plain methods in Strata"
        case "IBInspectable", "IBDesignable", "GKInspectable": ": nothing reads it outside Interface Builder"
        default: ": Swift on Linux has no Objective-C interoperability"
        }
    }

    // MARK: Selectors

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        // `CADisplayLink(target: t, selector: #selector(step))`: Strata's initializer takes the
        // method as `action:`.
        let callee = node.calledExpression.trimmedDescription
        guard callee == "CADisplayLink" else { return super.visit(node) }
        var call = node
        call.arguments = LabeledExprListSyntax(
            node.arguments.map { argument in
                guard argument.label?.text == "selector", argument.expression.is(MacroExpansionExprSyntax.self) else { return argument }
                note(argument, "`CADisplayLink(target:selector:)` → `CADisplayLink(target:action:)`", resolved: true)
                return argument.with(\.label, .identifier("action", leadingTrivia: argument.label!.leadingTrivia, trailingTrivia: argument.label!.trailingTrivia))
            })
        return super.visit(call)
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> ExprSyntax {
        let name = node.macroName.text
        if name == "keyPath" {
            note(node, "`\(node.trimmedDescription)` left as it is: Swift on Linux has no Objective-C key paths; use a Swift key path (\\Type.property)", resolved: false)
            return ExprSyntax(node)
        }
        guard name == "selector" else { return super.visit(node) }
        let selector = node.trimmedDescription
        guard let argument = node.arguments.first, node.arguments.count == 1, argument.label == nil else {
            note(node, "`\(selector)` left as it is: a property's getter or setter is no method Strata can call; pass a closure", resolved: false)
            return ExprSyntax(node)
        }
        let label = (node.parent?.as(LabeledExprSyntax.self)?.label?.text)
        guard label == "action" else {
            let use = label.map { "`\($0):`" } ?? "this place"
            note(
                node,
                "`\(selector)` left as it is: a selector passed to \(use) names an Objective-C message, which Swift on Linux cannot send; use the API's closure form (NotificationCenter's addObserver(forName:object:queue:using:), Timer's scheduledTimer(withTimeInterval:repeats:block:))",
                resolved: false)
            return ExprSyntax(node)
        }
        guard let reference = methodReference(argument.expression, at: node) else {
            note(node, "`\(selector)` left as it is: no enclosing type to name the method by; write `Type.method` for it", resolved: false)
            return ExprSyntax(node)
        }
        note(node, "`\(selector)` → `\(reference)`", resolved: true)
        var parser = Parser(reference)
        let expression = ExprSyntax.parse(from: &parser)
        return expression.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
    }

    /// The method reference Strata's target–action takes for a selector's method: `Type.name`
    /// (with its argument labels when the selector gives them), the type the selector names or
    /// else the one it is written in.
    private func methodReference(_ expression: ExprSyntax, at node: some SyntaxProtocol) -> String? {
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            return enclosingTypeName(of: node).map { "\($0).\(name.trimmedDescription)" }
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let baseName = base.trimmedDescription
            if baseName == "self" || baseName == "Self" {
                return enclosingTypeName(of: node).map { "\($0).\(member.declName.trimmedDescription)" }
            }
            return "\(baseName).\(member.declName.trimmedDescription)"
        }
        return nil
    }

    /// The name of the type `node` is written in: the nearest class, struct, enum or actor, or
    /// the type an extension extends.
    private func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        var next = node.parent
        while let current = next {
            if let decl = current.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(ActorDeclSyntax.self) { return decl.name.text }
            if let decl = current.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
            next = current.parent
        }
        return nil
    }
}
