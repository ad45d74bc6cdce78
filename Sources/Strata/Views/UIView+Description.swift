import Foundation

// How views and controllers describe themselves, in the shape UIKit's logs and debugger print
// and swift-snapshot-testing's text strategies record (`recursiveDescription`, `hierarchy`).

extension UIView {
    /// The description in UIKit's shape: `<UIView: 0x…; frame = (x y; w h);`, then what differs
    /// from a plain view's defaults in UIKit's order (`transform`, `clipsToBounds`, `alpha`,
    /// `hidden`, `opaque`, `autoresize`, `userInteractionEnabled`, `tag`,
    /// `gestureRecognizers`), then `layer = <CALayer: 0x…>>`. Labels add their text, scroll
    /// views their offset, content size and adjusted inset, as UIKit's do.
    var viewDescription: String {
        let n = Self.descriptionNumber
        let f = frame
        var fields = ["frame = (\(n(f.minX)) \(n(f.minY)); \(n(f.width)) \(n(f.height)))"]
        fields += descriptionFieldsAfterFrame
        if transform != .identity {
            let t = transform
            fields.append("transform = [\(n(t.a)), \(n(t.b)), \(n(t.c)), \(n(t.d)), \(n(t.tx)), \(n(t.ty))]")
        }
        if clipsToBounds { fields.append("clipsToBounds = YES") }
        if alpha != 1 { fields.append("alpha = \(n(alpha))") }
        if isHidden { fields.append("hidden = YES") }
        if !isOpaque { fields.append("opaque = NO") }
        if !autoresizingMask.isEmpty { fields.append("autoresize = \(autoresizingMask.descriptionCode)") }
        if !isUserInteractionEnabled { fields.append("userInteractionEnabled = NO") }
        if tag != 0 { fields.append("tag = \(tag)") }
        if let recognizers = gestureRecognizers, !recognizers.isEmpty {
            fields.append("gestureRecognizers = <NSArray: \(objectAddress(recognizers as NSArray))>")
        }
        fields.append("layer = \(layer)")
        fields += descriptionFieldsAfterLayer
        return "<\(type(of: self)): \(objectAddress(self)); \(fields.joined(separator: "; "))>"
    }

    /// The view's description and its subviews', one a line, each level indented by `   | `
    /// (UIKit's debugging `recursiveDescription`; no newline after the last line). Main actor.
    package func recursiveDescription() -> String {
        var lines: [String] = []
        func visit(_ view: UIView, depth: Int) {
            lines.append(descriptionIndent(depth) + view.description)
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}

extension UIView {
    /// A number as UIKit's descriptions print it (`%g`: 20.5, 375, 0.333333).
    static func descriptionNumber(_ value: CGFloat) -> String { String(format: "%g", Double(value)) }
}

/// The indent of a line `depth` levels down in a debugging description: none at the top, then
/// `   | `, `   |    | `, … (as `recursiveDescription` and `_printHierarchy` print them).
func descriptionIndent(_ depth: Int) -> String {
    depth == 0 ? "" : "   |" + String(repeating: "    |", count: depth - 1) + " "
}

extension UIView.AutoresizingMask {
    /// UIKit's short form in descriptions: the flexible parts joined by `+` in bit order
    /// (`LM`, `W`, `RM`, `TM`, `H`, `BM`), as in `autoresize = W+H`.
    var descriptionCode: String {
        let names: [(UIView.AutoresizingMask, String)] = [
            (.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
            (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

extension UIViewController {
    /// The controller and its children, one a line, each level indented by `   | ` (UIKit's
    /// debugging `_printHierarchy`): `<UINavigationController: 0x…>, state: appeared, view:
    /// <UILayoutContainerView: 0x…>`, with `(view not loaded)` for a view not yet made and
    /// ` not in the window` for one outside any window. Main actor.
    package func hierarchyDescription() -> String {
        var lines: [String] = []
        func visit(_ controller: UIViewController, depth: Int) {
            let state =
                switch controller.appearance {
                case .appeared: "appeared"
                case .appearing: "appearing"
                case .disappeared: "disappeared"
                case .disappearing: "disappearing"
                }
            var view = "(view not loaded)"
            if let loaded = controller.viewIfLoaded {
                view = "<\(type(of: loaded)): \(objectAddress(loaded))>" + (loaded.window == nil ? " not in the window" : "")
            }
            lines.append("\(descriptionIndent(depth))<\(type(of: controller)): \(objectAddress(controller))>, state: \(state), view: \(view)")
            for child in controller.children { visit(child, depth: depth + 1) }
        }
        visit(self, depth: 0)
        return lines.joined(separator: "\n")
    }
}
