import Foundation

/// The axes of a layout (UIKit's `UIAxis`).
public struct UIAxis: OptionSet, Hashable, Sendable {
    /// The axes as bits.
    public let rawValue: UInt
    /// The axes whose bits are set in `rawValue`.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The horizontal axis.
    public static let horizontal = UIAxis(rawValue: 1 << 0)
    /// The vertical axis.
    public static let vertical = UIAxis(rawValue: 1 << 1)
    /// Both axes.
    public static let both: UIAxis = [.horizontal, .vertical]
}

/// The view that shows a `UIListContentConfiguration` (UIKit's `UIListContentView`). Main actor.
///
/// Lays out the image on the leading side, centred, then the text and the secondary text:
/// stacked, or side by side for value cells (the secondary text trailing). Its size for a width
/// is its content's height plus the vertical margins.
@MainActor
open class UIListContentView: UIView, UIContentView {
    let imageView = UIImageView()
    let textLabel = UILabel()
    let secondaryTextLabel = UILabel()
    private var listConfiguration: UIListContentConfiguration

    /// A view showing `configuration`.
    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        backgroundColor = nil
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        apply()
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The configuration shown (a `UIListContentConfiguration`; others are ignored).
    public var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            listConfiguration = list
            apply()
        }
    }

    /// Whether `configuration` is a `UIListContentConfiguration`.
    public func supports(_ configuration: any UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    /// A layout guide around the text (UIKit's `textLayoutGuide`): nil here, as UIKit answers
    /// before the view has text; Strata does not make the guide yet.
    public var textLayoutGuide: UILayoutGuide? { nil }

    private func apply() {
        let c = listConfiguration
        c.textProperties.apply(to: textLabel, text: c.text, attributedText: c.attributedText)
        c.secondaryTextProperties.apply(to: secondaryTextLabel, text: c.secondaryText, attributedText: c.secondaryAttributedText)
        imageView.image = c.image
        imageView.tintColor = c.imageProperties.tintColor
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        imageView.clipsToBounds = c.imageProperties.cornerRadius > 0
        imageView.isHidden = c.image == nil
        textLabel.isHidden = !hasText
        secondaryTextLabel.isHidden = !hasSecondaryText
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    private var hasText: Bool { listConfiguration.attributedText != nil || listConfiguration.text?.isEmpty == false }
    private var hasSecondaryText: Bool { listConfiguration.secondaryAttributedText != nil || listConfiguration.secondaryText?.isEmpty == false }

    /// The margins in force: the configuration's, and horizontally at least the superview's
    /// layout margins where `axesPreservingSuperviewLayoutMargins` says so.
    var effectiveMargins: UIEdgeInsets {
        let d = listConfiguration.directionalLayoutMargins
        var m = UIEdgeInsets(top: d.top, left: d.leading, bottom: d.bottom, right: d.trailing)
        if let superview {
            let s = superview.layoutMargins
            if listConfiguration.axesPreservingSuperviewLayoutMargins.contains(.horizontal) {
                m.left = max(m.left, s.left)
                m.right = max(m.right, s.right)
            }
            if listConfiguration.axesPreservingSuperviewLayoutMargins.contains(.vertical) {
                m.top = max(m.top, s.top)
                m.bottom = max(m.bottom, s.bottom)
            }
        }
        return m
    }

    /// The image's size as shown: its size within `maximumSize`.
    private var imageSize: CGSize {
        guard let image = listConfiguration.image else { return .zero }
        var size = image.size
        let maximum = listConfiguration.imageProperties.maximumSize
        if maximum.width > 0, size.width > maximum.width { size = CGSize(width: maximum.width, height: size.height * maximum.width / size.width) }
        if maximum.height > 0, size.height > maximum.height { size = CGSize(width: size.width * maximum.height / size.height, height: maximum.height) }
        return size
    }

    /// The width kept for the image (its size, or the reserved size when larger).
    private var imageColumn: CGFloat {
        let reserved = listConfiguration.imageProperties.reservedLayoutSize.width
        guard listConfiguration.image != nil || reserved > 0 else { return 0 }
        return max(imageSize.width, reserved > 0 ? reserved : 0)
    }

    /// The frames of the image and the two texts for `width`, and the content's height.
    private func layoutFrames(width: CGFloat) -> (image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat) {
        let c = listConfiguration, m = effectiveMargins
        let column = imageColumn
        let x = m.left + (column > 0 ? column + c.imageToTextPadding : 0)
        let available = max(0, width - x - m.right)
        var textSize = hasText ? textLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude)) : .zero
        var secondarySize = hasSecondaryText ? secondaryTextLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude)) : .zero
        textSize.width = min(textSize.width, available)
        secondarySize.width = min(secondarySize.width, available)
        let sideBySide =
            c.prefersSideBySideTextAndSecondaryText && hasText && hasSecondaryText
            && textSize.width + c.textToSecondaryTextHorizontalPadding + secondarySize.width <= available
        let textsHeight: CGFloat
        if sideBySide {
            textsHeight = max(textSize.height, secondarySize.height)
        } else {
            textsHeight = textSize.height + secondarySize.height + (hasText && hasSecondaryText ? c.textToSecondaryTextVerticalPadding : 0)
        }
        let contentHeight = max(textsHeight, imageSize.height)
        return (
            CGRect(origin: CGPoint(x: m.left + (column - imageSize.width) / 2, y: 0), size: imageSize), CGRect(x: x, y: 0, width: textSize.width, height: textSize.height),
            sideBySide
                ? CGRect(x: width - m.right - secondarySize.width, y: 0, width: secondarySize.width, height: secondarySize.height)
                : CGRect(x: x, y: textSize.height + (hasText ? c.textToSecondaryTextVerticalPadding : 0), width: secondarySize.width, height: secondarySize.height),
            contentHeight
        )
    }

    /// Places the image and texts: centred vertically between the margins.
    open override func layoutSubviews() {
        super.layoutSubviews()
        var f = layoutFrames(width: bounds.width)
        let m = effectiveMargins
        let top = m.top + max(0, (bounds.height - m.top - m.bottom - f.height) / 2)
        f.image.origin.y = top + (f.height - f.image.height) / 2
        let sideBySide = f.secondary.minX != f.text.minX || !hasText
        if sideBySide && hasText && hasSecondaryText {
            f.text.origin.y = top + (f.height - f.text.height) / 2
            f.secondary.origin.y = top + (f.height - f.secondary.height) / 2
        } else {
            let stack = f.text.height + (hasText && hasSecondaryText ? listConfiguration.textToSecondaryTextVerticalPadding : 0) + f.secondary.height
            let start = top + (f.height - stack) / 2
            f.text.origin.y = start
            f.secondary.origin.y = start + f.secondary.minY
        }
        imageView.frame = f.image
        textLabel.frame = f.text
        secondaryTextLabel.frame = f.secondary
    }

    /// The size for `size.width`: the content's height plus the vertical margins.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let f = layoutFrames(width: size.width)
        let m = effectiveMargins
        return CGSize(width: size.width, height: f.height + m.top + m.bottom)
    }

    /// No width of its own; the height its content needs at its width.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(CGSize(width: bounds.width, height: 0)).height) }
}
