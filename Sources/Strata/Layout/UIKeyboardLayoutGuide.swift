import Foundation

/// A layout guide that stands for the space the on-screen keyboard takes in a view: UIKit's
/// `UIKeyboardLayoutGuide`, from `UIView.keyboardLayoutGuide`. Main actor.
///
/// It spans the owning view's width and sits at its bottom. While the host reports no keyboard
/// (`UIScreen.setKeyboardFrame(nil)`), or one that does not reach into the view, its top is the
/// bottom of the view's safe area (`usesBottomSafeArea`, the default) or the view's bottom. While a
/// keyboard covers the bottom of the view, its top is the keyboard's top, so a constraint such as
/// `field.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor)` keeps the field
/// above the keyboard. A keyboard that does not reach the screen's bottom is undocked (floating):
/// the guide ignores it unless `followsUndockedKeyboard`, and then takes its top too. The guide
/// moves with the keyboard's animation (`UIScreen.setKeyboardFrame(_:animationDuration:)`).
@MainActor
public final class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide follows a keyboard that is undocked from the screen's bottom (false: it
    /// drops to the bottom as if the keyboard were hidden).
    public var followsUndockedKeyboard = false {
        didSet { if followsUndockedKeyboard != oldValue { owningView?.setNeedsLayout() } }
    }

    /// Whether, with no keyboard over the view, the guide's top is the bottom of the view's safe
    /// area (true, the default) or the view's bottom (false).
    public var usesBottomSafeArea = true {
        didSet { if usesBottomSafeArea != oldValue { owningView?.setNeedsLayout() } }
    }

    /// Extra space above the keyboard that counts as the keyboard for dismissal gestures, in
    /// points. Kept; Strata has no interactive keyboard dismissal.
    public var keyboardDismissPadding: CGFloat = 0

    init(forKeyboardOf view: UIView) {
        super.init(kind: .keyboard)
        identifier = "UIViewKeyboardLayoutGuide"
    }

    /// Test hook: `height(in:)`.
    @_spi(Testing) public func _height(in owner: UIView) -> CGFloat { height(in: owner) }

    /// The guide's height in `owner` now, in points: how far the keyboard reaches up into the
    /// owner from its bottom, else its bottom safe-area inset (or 0).
    func height(in owner: UIView) -> CGFloat {
        let resting = usesBottomSafeArea ? owner.safeAreaInsets.bottom : 0
        guard let screen = owner.window?.screen, let keyboard = screen.keyboardFrame else { return resting }
        let docked = keyboard.maxY >= screen.bounds.maxY - 0.5
        guard docked || followsUndockedKeyboard else { return resting }
        let local = owner.convert(keyboard, from: screen.coordinateSpace)
        let b = owner.bounds
        guard local.maxX > b.minX, local.minX < b.maxX, local.minY < b.maxY, local.maxY > b.minY || docked else { return resting }
        return min(max(b.maxY - local.minY, 0), b.height)
    }
}

extension UIView {
    /// The guide that tracks the keyboard's place in this view (made when first asked for; see
    /// `UIKeyboardLayoutGuide`).
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let guide = autoLayout.keyboardGuide { return guide }
        let guide = UIKeyboardLayoutGuide(forKeyboardOf: self)
        guide.owningView = self
        autoLayout.keyboardGuide = guide
        return guide
    }

    /// Whether the view has asked for its keyboard guide (so a keyboard change lays it out again).
    var hasKeyboardLayoutGuide: Bool { _autoLayout?.keyboardGuide != nil }
}
