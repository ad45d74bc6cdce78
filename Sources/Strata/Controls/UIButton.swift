import Foundation

/// A control that runs an action when tapped: UIKit's `UIButton`. Main actor.
///
/// A button shows a title (`titleLabel`), an image (`imageView`, left of the title) and a
/// background image, each set per control state with UIKit's fallback: a state with no value of
/// its own uses the `.normal` one, and with none for `.normal` either, the system's. A `.system`
/// button's title is its tint colour and fades to 20% while highlighted; a `.custom` button's is
/// white. A tap sends `.touchUpInside` and then `.primaryActionTriggered`. The content sits in
/// the bounds inset by `contentEdgeInsets`, placed by `contentHorizontalAlignment` and
/// `contentVerticalAlignment` (centred), the title and image moved by their own edge insets.
/// `.close`, `.detailDisclosure`, `.infoLight`, `.infoDark` and `.contactAdd` buttons draw their
/// symbol as plain shapes. An attributed title, when set, is shown instead of the plain one. A
/// `configuration` (iOS 15), when set, decides the look instead of the per-state values.
@MainActor
open class UIButton: UIControl {
    /// The kind of button: UIKit's `UIButton.ButtonType`, with its raw values.
    public enum ButtonType: Int, Sendable, CaseIterable {
        /// No system styling: a white title by default.
        case custom = 0
        /// The system's style: a tint-coloured title that fades when highlighted.
        case system = 1
        /// A circled "i" for details.
        case detailDisclosure = 2
        /// A circled "i" (light).
        case infoLight = 3
        /// A circled "i" (dark).
        case infoDark = 4
        /// A circled plus.
        case contactAdd = 5
        /// A plain button (iOS 15): like `.system` without the highlight fade.
        case plain = 6
        /// A circled cross for closing.
        case close = 7
        /// The old name of `.system`.
        public static let roundedRect = ButtonType.system
    }

    /// The button's kind.
    public private(set) var buttonType = ButtonType.custom
    /// The label that shows the current title (always there; hidden without a title).
    public let titleLabel: UILabel? = UILabel()
    /// The view that shows the current image (always there; hidden without an image).
    public let imageView: UIImageView? = UIImageView()
    private let backgroundImageView = UIImageView()

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var titleShadowColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    /// The second line of a configuration's content (made when a subtitle is first shown).
    private var subtitleLabel: UILabel?

    /// The button's look as a value (iOS 15's configurations); nil for the per-state API's look.
    /// Setting it shows it at once.
    public var configuration: Configuration? {
        didSet { contentDidChange() }
    }

    /// Called when the button's state changes (and by `setNeedsUpdateConfiguration()`), to
    /// change `configuration` for the new state.
    public var configurationUpdateHandler: (@MainActor (UIButton) -> Void)? {
        didSet { updateConfiguration() }
    }

    /// Runs `configurationUpdateHandler` and shows the configuration. Override it to change
    /// the configuration for the state yourself.
    open func updateConfiguration() {
        configurationUpdateHandler?(self)
        updateContent()
    }

    /// A `.custom` button with the given frame. Subclasses call this one.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabel?.font = .systemFont(ofSize: UIFont.buttonFontSize)
        titleLabel?.lineBreakMode = .byTruncatingMiddle
        titleLabel?.isHidden = true
        imageView?.isHidden = true
        backgroundImageView.isHidden = true
        addSubview(backgroundImageView)
        addSubview(imageView!)
        addSubview(titleLabel!)
        updateContent()
    }

    /// A button of `buttonType` with an empty frame (symbol buttons take their symbol's size).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        become(buttonType)
    }

    /// A button of `type` that performs `primaryAction` when tapped, titled with its title.
    public convenience init(type: ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero)
        become(type)
        if let primaryAction { adopt(primaryAction) }
    }

    /// A `.system` button with the given frame that performs `primaryAction` when tapped.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        become(.system)
        if let primaryAction { adopt(primaryAction) }
    }

    /// Takes the look of `type`: its title font (15 points for system buttons, 18 for custom
    /// ones) and, for symbol buttons, the symbol's size and drawing.
    private func become(_ type: ButtonType) {
        buttonType = type
        isOpaque = false
        titleLabel?.font = .systemFont(ofSize: type == .custom ? UIFont.buttonFontSize : 15)
        if isSymbol {
            let side = symbolSide
            if frame.size == .zero { frame.size = CGSize(width: side, height: side) }
            contentMode = .redraw
            setNeedsDisplay()
        }
        updateContent()
    }

    /// Creates a button from an archive: Strata reads none, so this returns nil.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    private func adopt(_ action: UIAction) {
        addAction(action, for: .primaryActionTriggered)
        if !action.title.isEmpty { setTitle(action.title, for: .normal) }
        if let image = action.image { setImage(image, for: .normal) }
    }

    // MARK: Values per state

    /// The value for `state`, else for `.normal`.
    private func lookup<V>(_ table: [UInt: V], _ state: State) -> V? {
        table[state.rawValue] ?? table[State.normal.rawValue]
    }

    /// Sets the title for `state` (nil removes it, so the state falls back to `.normal`'s).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        contentDidChange()
    }

    /// The title for `state`, or the `.normal` title when the state has none.
    open func title(for state: State) -> String? { lookup(titles, state) }

    /// Sets the title colour for `state` (nil removes it).
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateContent()
    }

    /// The title colour for `state`: its own, else `.normal`'s, else the system's (a `.system`
    /// or `.plain` button's tint colour, grey when disabled; white for the others).
    open func titleColor(for state: State) -> UIColor? {
        if let color = lookup(titleColors, state) { return color }
        switch buttonType {
        case .custom, .close, .contactAdd, .detailDisclosure, .infoLight, .infoDark:
            return buttonType == .custom ? .white : tintColor
        case .system, .plain:
            return state.contains(.disabled) ? .systemGray : tintColor
        }
    }

    /// Sets the title's shadow colour for `state` (nil removes it).
    open func setTitleShadowColor(_ color: UIColor?, for state: State) {
        titleShadowColors[state.rawValue] = color
        updateContent()
    }

    /// The title's shadow colour for `state`, or `.normal`'s; nil when none was set.
    open func titleShadowColor(for state: State) -> UIColor? { lookup(titleShadowColors, state) }

    /// Sets the image for `state` (nil removes it).
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        contentDidChange()
    }

    /// The image for `state`, or `.normal`'s.
    open func image(for state: State) -> UIImage? { lookup(images, state) }

    /// Sets the background image for `state`, stretched to the bounds (nil removes it).
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        contentDidChange()
    }

    /// The background image for `state`, or `.normal`'s.
    open func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }

    /// Sets the styled title for `state` (nil removes it); shown instead of the plain title.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title.map { NSAttributedString(attributedString: $0) }
        contentDidChange()
    }

    /// The styled title for `state`, or `.normal`'s; nil when none was set.
    open func attributedTitle(for state: State) -> NSAttributedString? { lookup(attributedTitles, state) }

    /// The styled title shown now.
    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The title shown now (for the current state).
    public var currentTitle: String? { title(for: state) }
    /// The title colour shown now.
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    /// The title's shadow colour now.
    public var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }
    /// The image shown now.
    public var currentImage: UIImage? { image(for: state) }
    /// The background image shown now.
    public var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    // MARK: Insets and options

    /// Space around the title and image together (zero).
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { contentDidChange() } }
    /// Moves the title within its place: its frame is inset by these (zero).
    open var titleEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Moves the image within its place: its frame is inset by these (zero).
    open var imageEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// Whether the image is drawn darker while highlighted (true; kept, not drawn yet).
    open var adjustsImageWhenHighlighted = true
    /// Whether the image is drawn lighter while disabled (true; kept, not drawn yet).
    open var adjustsImageWhenDisabled = true
    /// Whether the title's shadow turns from engraved to embossed while highlighted (false; kept).
    open var reversesTitleShadowWhenHighlighted = false

    // MARK: Updating

    private func contentDidChange() {
        updateContent()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    override func stateDidChange() {
        if configurationUpdateHandler != nil { updateConfiguration() } else { updateContent() }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateContent()
        if isSymbol { setNeedsDisplay() }
    }

    /// Shows the current state's title, colour, image and background, and the system fade.
    private func updateContent() {
        guard let titleLabel, let imageView else { return }
        if let configuration { return show(configuration) }
        titleLabel.textColor = currentTitleColor
        // The title's shadow is the state's (else the normal state's), as UIKit draws it.
        if !titleShadowColors.isEmpty { titleLabel.shadowColor = currentTitleShadowColor }
        if let styled = currentAttributedTitle {
            titleLabel.attributedText = styled
            titleLabel.isHidden = styled.length == 0
        } else {
            let title = currentTitle
            titleLabel.text = title
            titleLabel.isHidden = title?.isEmpty ?? true
        }
        imageView.image = buttonType == .system ? template(currentImage) : currentImage
        imageView.isHidden = currentImage == nil
        backgroundImageView.image = currentBackgroundImage
        backgroundImageView.isHidden = currentBackgroundImage == nil
        let fades = buttonType == .system && isHighlighted
        UIView.performWithoutAnimation {
            titleLabel.alpha = fades ? 0.2 : 1
            imageView.alpha = fades ? 0.2 : 1
        }
        if isSymbol { setNeedsDisplay() }
        setNeedsLayout()
    }

    /// `image` drawn as a template when its rendering mode leaves it to the button (`.automatic`),
    /// as system buttons and configurations draw images in their tint; the last one kept, so
    /// each update does not make a new image.
    private func template(_ image: UIImage?) -> UIImage? {
        guard let image, image.renderingMode == .automatic else { return image }
        if let lastTemplate, lastTemplate.source === image { return lastTemplate.template }
        let template = image.withRenderingMode(.alwaysTemplate)
        lastTemplate = (image, template)
        return template
    }
    private var lastTemplate: (source: UIImage, template: UIImage)?
    /// The spinner a configuration with `showsActivityIndicator` shows (made when first shown).
    private(set) var activityIndicator: UIActivityIndicatorView?

    /// Shows a configuration: its title, subtitle, image, colours and corners.
    private func show(_ c: Configuration) {
        guard let titleLabel, let imageView else { return }
        let foreground = configurationForeground(c)
        titleLabel.font = .systemFont(ofSize: c.titleSize, weight: c.style == .filled ? .semibold : .regular)
        titleLabel.text = c.title
        titleLabel.textColor = foreground
        titleLabel.isHidden = c.title?.isEmpty ?? true
        if let subtitle = c.subtitle, !subtitle.isEmpty {
            let label = subtitleLabel ?? UILabel()
            if subtitleLabel == nil {
                subtitleLabel = label
                addSubview(label)
            }
            label.font = .systemFont(ofSize: c.titleSize - 2)
            label.text = subtitle
            label.textColor = foreground
            label.isHidden = false
        } else {
            subtitleLabel?.isHidden = true
        }
        imageView.image = template(c.image)
        imageView.tintColor = foreground
        imageView.isHidden = c.image == nil || c.showsActivityIndicator
        if c.showsActivityIndicator {
            let spinner = activityIndicator ?? UIActivityIndicatorView(style: .medium)
            if activityIndicator == nil {
                activityIndicator = spinner
                spinner.isUserInteractionEnabled = false
                addSubview(spinner)
            }
            spinner.color = foreground
            spinner.startAnimating()
        } else {
            activityIndicator?.stopAnimating()
        }
        backgroundImageView.isHidden = true
        backgroundColor = configurationBackground(c)
        UIView.performWithoutAnimation {
            titleLabel.alpha = 1
            imageView.alpha = 1
        }
        setNeedsLayout()
    }

    /// The configuration's content insets, left to right.
    private func configurationInsets(_ c: Configuration) -> UIEdgeInsets {
        UIEdgeInsets(top: c.contentInsets.top, left: c.contentInsets.leading, bottom: c.contentInsets.bottom, right: c.contentInsets.trailing)
    }

    /// The title and subtitle stacked, the image beside, above or below them with its padding.
    private func configurationContentSize(_ c: Configuration)
        -> (total: CGSize, block: CGSize, title: CGSize, subtitle: CGSize, image: CGSize)
    {
        let title = titleSize
        let subtitle = subtitleLabel.map { $0.isHidden ? .zero : $0.intrinsicContentSize } ?? .zero
        let block = CGSize(
            width: max(title.width, subtitle.width),
            height: title.height + subtitle.height + (title != .zero && subtitle != .zero ? c.titlePadding : 0))
        // The activity indicator takes the image's place: 20 points, the medium spinner.
        let image = c.showsActivityIndicator ? CGSize(width: 20, height: 20) : c.image?.size ?? .zero
        let padding = image != .zero && block != .zero ? c.imagePadding : 0
        let total =
            c.imagePlacement == .top || c.imagePlacement == .bottom
            ? CGSize(width: max(image.width, block.width), height: image.height + padding + block.height)
            : CGSize(width: image.width + padding + block.width, height: max(image.height, block.height))
        return (total, block, title, subtitle, image)
    }

    /// Places a configuration's content centred in the bounds inset by its content insets.
    private func layOutConfiguration(_ c: Configuration) {
        let content = bounds.inset(by: configurationInsets(c))
        let (total, blockSize, title, subtitle, image) = configurationContentSize(c)
        let origin = CGPoint(x: content.minX + (content.width - total.width) / 2, y: content.minY + (content.height - total.height) / 2)
        let padding = image != .zero && blockSize != .zero ? c.imagePadding : 0
        // Beside the image the title block is centred down the content.
        let centredX = origin.x + (total.width - image.width) / 2, centredY = origin.y + (total.height - image.height) / 2
        let blockDown = origin.y + (total.height - blockSize.height) / 2
        // Above or below the image the title block is centred across the content.
        let blockAcross = origin.x + (total.width - blockSize.width) / 2
        let imageOrigin: CGPoint, block: CGPoint
        switch c.imagePlacement {
        case .top:
            imageOrigin = CGPoint(x: centredX, y: origin.y)
            block = CGPoint(x: blockAcross, y: origin.y + image.height + padding)
        case .bottom:
            imageOrigin = CGPoint(x: centredX, y: origin.y + total.height - image.height)
            block = CGPoint(x: blockAcross, y: origin.y)
        case .trailing:
            imageOrigin = CGPoint(x: origin.x + total.width - image.width, y: centredY)
            block = CGPoint(x: origin.x, y: blockDown)
        default:  // leading
            imageOrigin = CGPoint(x: origin.x, y: centredY)
            block = CGPoint(x: origin.x + image.width + padding, y: blockDown)
        }
        let blockWidth = blockSize.width
        imageView?.frame = CGRect(origin: imageOrigin, size: image)
        activityIndicator?.frame = CGRect(origin: imageOrigin, size: image)
        titleLabel?.frame = CGRect(x: block.x + (blockWidth - title.width) / 2, y: block.y, width: title.width, height: title.height)
        subtitleLabel?.frame = CGRect(
            x: block.x + (blockWidth - subtitle.width) / 2, y: block.y + title.height + (title != .zero ? c.titlePadding : 0),
            width: subtitle.width, height: subtitle.height)
        layer.cornerRadius = c.cornerRadius(height: bounds.height)
    }

    // MARK: Layout

    /// The title's size: its text on one line.
    private var titleSize: CGSize {
        guard let titleLabel, !titleLabel.isHidden else { return .zero }
        return titleLabel.intrinsicContentSize
    }

    /// The image's size in points.
    private var imageSize: CGSize { currentImage?.size ?? .zero }

    /// Places the background (the bounds), then the image and title side by side in the
    /// content rectangle, as the content alignments say, each moved by its edge insets.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let configuration { return UIView.performWithoutAnimation { layOutConfiguration(configuration) } }
        UIView.performWithoutAnimation {
            backgroundImageView.frame = bounds
            let content = bounds.inset(by: contentEdgeInsets)
            var title = titleSize, image = imageSize
            title.width = min(title.width, max(content.width - image.width, 0))
            let total = CGSize(width: title.width + image.width, height: max(title.height, image.height))
            let x: CGFloat
            switch effectiveContentHorizontalAlignment {
            case .left, .leading: x = content.minX
            case .right, .trailing: x = content.maxX - total.width
            case .fill:
                x = content.minX
                title.width = max(content.width - image.width, 0)
            case .center: x = content.minX + (content.width - total.width) / 2
            }
            let vertical = contentVerticalAlignment
            func y(_ height: CGFloat) -> CGFloat {
                switch vertical {
                case .top: content.minY
                case .bottom: content.maxY - height
                case .fill: content.minY
                case .center: content.minY + (content.height - height) / 2
                }
            }
            if contentVerticalAlignment == .fill {
                image.height = content.height
                title.height = content.height
            }
            imageView?.frame = CGRect(x: x, y: y(image.height), width: image.width, height: image.height).inset(by: imageEdgeInsets)
            titleLabel?.frame = CGRect(x: x + image.width, y: y(title.height), width: title.width, height: title.height).inset(by: titleEdgeInsets)
        }
    }

    /// The title and image side by side plus `contentEdgeInsets`. A button with a title is its
    /// line height plus 6 points above and below; with neither title nor image it is 30 points
    /// wide. Symbol buttons are their symbol's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if isSymbol { return CGSize(width: symbolSide, height: symbolSide) }
        if let configuration {
            let total = configurationContentSize(configuration).total, i = configurationInsets(configuration)
            return CGSize(width: total.width + i.left + i.right, height: total.height + i.top + i.bottom)
        }
        let title = titleSize, image = imageSize
        let lineHeight = ((titleLabel?.font.lineHeight ?? 18) * max(layer.contentsScale, 1)).rounded(.up) / max(layer.contentsScale, 1)
        var content = CGSize(width: title.width + image.width, height: image.height)
        if title != .zero || image == .zero { content.height = max(content.height, lineHeight + 12) }
        if title == .zero, image == .zero { content.width = 30 }
        return CGSize(
            width: content.width + contentEdgeInsets.left + contentEdgeInsets.right,
            height: content.height + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    /// What `sizeThatFits(_:)` answers.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    // MARK: Actions

    override func touchUpInsideDidSend(with event: UIEvent?) {
        // A menu shown as the primary action already showed on touch down.
        if showsMenuAsPrimaryAction, menu != nil { return }
        if changesSelectionAsPrimaryAction { isSelected.toggle() }
        sendActions(for: .primaryActionTriggered, with: event)
    }

    // MARK: Menus (the behaviour is in UIButton+Menu.swift)

    /// The menu the button shows (nil): on a long press, or on touch down when
    /// `showsMenuAsPrimaryAction` is true. Setting it turns `isContextMenuInteractionEnabled`
    /// on, and setting nil turns it off. Strata keeps the menu you set (UIKit keeps a copy), so
    /// a `.singleSelection` choice changes the states of your own actions.
    open var menu: UIMenu? {
        didSet {
            if (menu == nil) != (oldValue == nil) { isContextMenuInteractionEnabled = menu != nil }
            menuDidChange()
        }
    }

    /// Whether the button tracks a selection (false): with a menu shown as the primary action,
    /// it is a pop-up button whose menu is a single selection and whose title is the selected
    /// action's; otherwise a tap toggles `isSelected`.
    open var changesSelectionAsPrimaryAction = false {
        didSet { if changesSelectionAsPrimaryAction != oldValue { menuDidChange() } }
    }

    /// The menu shown now over the window, while it is shown.
    var presentedMenuView: MenuView?
    /// The long press that shows the menu when it is not the primary action.
    var menuLongPress: UILongPressGestureRecognizer?
    /// The touch that showed the menu on touch down: lifting it over a row chooses the row.
    weak var menuTouch: UITouch?

    override func contextMenuDidChange() { menuDidChange() }

    /// Tracks the touch as a control does, then shows the menu when it is the primary action.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        menuTouchesBegan(touches)
    }

    /// Chooses the menu row under a touch that showed the menu and lifted over it, then ends
    /// tracking as a control does.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        menuTouchesEnded(touches)
        super.touchesEnded(touches, with: event)
    }

    // MARK: Symbol buttons

    private var isSymbol: Bool {
        switch buttonType {
        case .close, .detailDisclosure, .infoLight, .infoDark, .contactAdd: true
        case .custom, .system, .plain: false
        }
    }

    /// The symbol's square side: 30 points for close, 22 for the others.
    private var symbolSide: CGFloat { buttonType == .close ? 30 : 22 }

    /// Draws the symbol: close is a light grey disc with a dark grey cross; the others a
    /// tint-coloured ring with an "i" (a line and a dot) or a plus. Faded while highlighted.
    open override func draw(_ rect: CGRect) {
        guard isSymbol, let ctx = UIGraphicsGetCurrentContext() else { return }
        let side = min(bounds.width, bounds.height)
        let circle = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        let c = CGPoint(x: circle.midX, y: circle.midY)
        ctx.setAlpha(isHighlighted ? 0.2 : 1)
        if buttonType == .close {
            ctx.setFillColor(UIColor.systemGray5.cgColor)
            ctx.fillEllipse(in: circle)
            ctx.setStrokeColor(UIColor.systemGray.cgColor)
            ctx.setLineWidth(side * 0.08)
            ctx.setLineCap(.round)
            let r = side * 0.17
            ctx.strokeLineSegments(between: [
                CGPoint(x: c.x - r, y: c.y - r), CGPoint(x: c.x + r, y: c.y + r),
                CGPoint(x: c.x + r, y: c.y - r), CGPoint(x: c.x - r, y: c.y + r),
            ])
            return
        }
        let color = isEnabled ? tintColor! : UIColor.systemGray
        ctx.setStrokeColor(color.cgColor)
        ctx.setFillColor(color.cgColor)
        ctx.setLineWidth(side * 0.075)
        ctx.strokeEllipse(in: circle.insetBy(dx: side * 0.05, dy: side * 0.05))
        ctx.setLineCap(.round)
        if buttonType == .contactAdd {
            let r = side * 0.25
            ctx.strokeLineSegments(between: [
                CGPoint(x: c.x - r, y: c.y), CGPoint(x: c.x + r, y: c.y), CGPoint(x: c.x, y: c.y - r), CGPoint(x: c.x, y: c.y + r),
            ])
        } else {
            ctx.setLineWidth(side * 0.1)
            ctx.strokeLineSegments(between: [CGPoint(x: c.x, y: c.y - side * 0.05), CGPoint(x: c.x, y: c.y + side * 0.25)])
            let dot = side * 0.12
            ctx.fillEllipse(in: CGRect(x: c.x - dot / 2, y: c.y - side * 0.27, width: dot, height: dot))
        }
    }
}
