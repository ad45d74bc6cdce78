import Foundation
import Testing

@testable import StrataPort

/// `UIKitPort.port(_:)` rule by rule on small sources, then on whole UIKit files of each kind
/// (a view controller built in code, a drawn view with a display link, an app delegate, a file
/// already written for Strata) against their reviewed ported text. `scripts/check-port.sh`
/// type-checks the ported files against Strata's modules.
@Suite struct UIKitPortTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test("import UIKit becomes import Strata; QuartzCore and CoreGraphics after it go; Foundation stays")
    func imports() {
        let report = UIKitPort.port("import Foundation\nimport UIKit\nimport QuartzCore\nimport CoreGraphics\n\nlet x = 1\n")
        #expect(report.text == "import Foundation\nimport Strata\n\nlet x = 1\n")
        #expect(
            report.changes.map(\.description) == [
                "2:1: `import UIKit` → `import Strata`", "3:1: removed `import QuartzCore`: `import Strata` brings it",
                "4:1: removed `import CoreGraphics`: `import Strata` brings it",
            ])
        #expect(report.unresolved.isEmpty)
        // A file importing Strata already loses its UIKit import, keeping the comment above it.
        let both = UIKitPort.port("import Strata\n// Views.\nimport UIKit\nfinal class A {}\n")
        #expect(both.text == "import Strata\n// Views.\nfinal class A {}\n")
    }

    @Test(
        "#selector given as an action becomes Type.method: a bare name and self.name take the enclosing type (an extension's extended type), a named type is kept, argument labels are kept"
    )
    func selectorsBecomeMethodReferences() {
        let source = """
            class Card: UIView {
                func setUp() {
                    button.addTarget(self, action: #selector(tapped), for: .touchUpInside)
                    addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(self.panned(_:))))
                }
            }
            extension Deck.Card {
                func more() { item = UIBarButtonItem(title: "More", style: .plain, target: self, action: #selector(Other.more(_:forEvent:))) }
                func again() { control.addTarget(self, action: #selector(again), for: .valueChanged) }
            }
            """
        let report = UIKitPort.port(source)
        #expect(report.text.contains("button.addTarget(self, action: Card.tapped, for: .touchUpInside)"))
        #expect(report.text.contains("UIPanGestureRecognizer(target: self, action: Card.panned(_:))"))
        #expect(report.text.contains("target: self, action: Other.more(_:forEvent:))"))
        #expect(report.text.contains("control.addTarget(self, action: Deck.Card.again, for: .valueChanged)"))
        #expect(report.changes.first?.description == "3:40: `#selector(tapped)` → `Card.tapped`")
        #expect(report.unresolved.isEmpty)
    }

    @Test(
        "A selector anywhere but an action (NotificationCenter's selector:, perform, a global), #selector(getter:) and #keyPath are left as they are and reported with their line"
    )
    func selectorsElsewhereAreReported() {
        let source = """
            final class A {
                func f() {
                    NotificationCenter.default.addObserver(self, selector: #selector(changed), name: .x, object: nil)
                    perform(#selector(f))
                    button.addTarget(self, action: #selector(getter: title), for: .touchUpInside)
                    let path = #keyPath(A.title)
                }
            }
            let global = Thing(action: #selector(run))
            """
        let report = UIKitPort.port(source)
        #expect(report.text == source, "nothing changed")
        #expect(report.unresolved.map { "\($0.line):\($0.column)" } == ["3:64", "4:17", "5:40", "6:20", "9:28"])
        #expect(report.unresolved[0].message.contains("`selector:`") && report.unresolved[0].message.contains("addObserver(forName:object:queue:using:)"))
        #expect(report.unresolved[2].message.contains("getter or setter"))
        #expect(report.unresolved[3].message.contains("Swift key path"))
        #expect(report.unresolved[4].message.contains("no enclosing type"))
    }

    @Test(
        "@objc, @objc(name), @IBAction, @IBOutlet, @IBInspectable, @IBDesignable and @objcMembers go with their place's trivia kept; dynamic goes with @objc; optional goes and is reported; other attributes stay"
    )
    func attributes() {
        let source = """
            @objcMembers
            final class A: NSObject {
                /// The title.
                @IBOutlet weak var label: UILabel!
                @objc(tappedWithSender:) func tapped(_ sender: Any) {}
                @MainActor @objc func b() {}
                @objc
                func c() {}
                @objc dynamic var count = 0
                @available(iOS 13, *) @IBAction func d() {}
            }
            @objc protocol P {
                @objc optional func e()
            }
            """
        let report = UIKitPort.port(source)
        #expect(
            report.text == """
                final class A: NSObject {
                    /// The title.
                    weak var label: UILabel!
                    func tapped(_ sender: Any) {}
                    @MainActor func b() {}
                    func c() {}
                    var count = 0
                    @available(iOS 13, *) func d() {}
                }
                protocol P {
                    func e()
                }
                """)
        #expect(report.changes.count == 10)
        #expect(report.changes.contains { $0.description == "4:5: removed `@IBOutlet`: Strata loads no storyboards or nibs; make the view in code" })
        #expect(
            report.unresolved.map(\.description) == [
                "13:11: removed `optional` with `@objc` (Swift without Objective-C has no optional requirements): a conformer without the method no longer compiles; give it a default in an extension of the protocol"
            ])
    }

    @Test("CADisplayLink(target:selector:) becomes CADisplayLink(target:action:) with the method reference")
    func displayLinks() {
        let report = UIKitPort.port("final class V { func go() { link = CADisplayLink(target: self, selector: #selector(step)) } }\n")
        #expect(report.text == "final class V { func go() { link = CADisplayLink(target: self, action: V.step) } }\n")
    }

    @Test(
        "@UIApplicationMain on a class, and @main on an application delegate, become an entry point after it that makes the delegate and shows its window with RenderProgram; @main elsewhere and @NSManaged stay"
    )
    func launch() {
        let report = UIKitPort.port("@UIApplicationMain\nclass AppDelegate: UIResponder {\n    @NSManaged var name: String\n}\n")
        #expect(report.text.hasPrefix("class AppDelegate: UIResponder {\n    @NSManaged var name: String\n}\n\n/// The program's entry"))
        #expect(report.text.contains("@main\n@MainActor\nenum AppDelegateMain {"))
        #expect(report.text.contains("let delegate = AppDelegate()\n"))
        #expect(report.text.contains("await RenderProgram(size: CGSize(width: 390, height: 844), scale: 3, frameCount: 120) { _ in"))
        #expect(report.text.hasSuffix("}.main()\n    }\n}\n"))
        #expect(report.changes.first?.description.hasPrefix("1:1: `@UIApplicationMain` → `@main enum AppDelegateMain` below") == true)
        #expect(report.unresolved.map(\.line) == [3])
        let modern = UIKitPort.port("@main\nfinal class Delegate: UIResponder, UIApplicationDelegate {}\n")
        #expect(modern.text.hasPrefix("final class Delegate: UIResponder, UIApplicationDelegate {}\n\n/// The program's entry"))
        #expect(modern.text.contains("enum DelegateMain {"))
        let tool = "@main\nstruct Tool {\n    static func main() {}\n}\n"
        #expect(UIKitPort.port(tool).text == tool)
    }

    @Test("Text that needs nothing comes back byte for byte, comments and strings naming @objc and #selector included, with no notes")
    func untouchedTextIsKept() throws {
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("UIKit/AlreadyPorted.swift"), encoding: .utf8)
        let report = UIKitPort.port(source)
        #expect(report.text == source && report.changes.isEmpty && report.unresolved.isEmpty)
    }

    @Test(
        "Each UIKit file in Fixtures/UIKit ports to the reviewed text in Fixtures/Strata, and porting that text again changes nothing",
        arguments: ["ProfileViewController", "GaugeView", "AppDelegate", "SceneFreeAppDelegate"])
    func wholeFiles(_ name: String) throws {
        let source = try String(contentsOf: Self.fixtures.appendingPathComponent("UIKit/\(name).swift"), encoding: .utf8)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("Strata/\(name).swift"), encoding: .utf8)
        let report = UIKitPort.port(source)
        #expect(report.text == expected)
        let again = UIKitPort.port(report.text)
        #expect(again.text == report.text && again.changes.isEmpty)
    }
}
