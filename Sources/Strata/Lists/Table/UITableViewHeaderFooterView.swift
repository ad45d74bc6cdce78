import Foundation

/// A reusable view for a section's header or footer (UIKit's `UITableViewHeaderFooterView`).
/// Main actor. Register a subclass with `register(_:forHeaderFooterViewReuseIdentifier:)` and
/// return one from the delegate, or give the data source titles and the table makes them.
@MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The identifier the standard title views are reused under.
    static let standardIdentifier = "_UITableViewHeaderFooterViewStandard"

    /// The identifier the view is reused under.
    public let reuseIdentifier: String?
    /// The view holding the content: add subviews here.
    public let contentView = UIView()
    private var _textLabel: UILabel?
    private var _detailTextLabel: UILabel?

    /// The title label (made on first use).
    open var textLabel: UILabel? {
        if _textLabel == nil {
            let label = UILabel()
            label.font = .preferredFont(forTextStyle: .footnote)
            label.textColor = .secondaryLabel
            contentView.addSubview(label)
            _textLabel = label
        }
        return _textLabel
    }

    /// A second label (made on first use).
    open var detailTextLabel: UILabel? {
        if _detailTextLabel == nil {
            let label = UILabel()
            label.font = .preferredFont(forTextStyle: .footnote)
            label.textColor = .secondaryLabel
            contentView.addSubview(label)
            _detailTextLabel = label
        }
        return _detailTextLabel
    }

    /// A view behind the content.
    open var backgroundView: UIView? {
        didSet {
            if oldValue !== backgroundView { oldValue?.removeFromSuperview() }
            if let backgroundView { insertSubview(backgroundView, at: 0) }
        }
    }

    /// The content configuration (a `UIListContentConfiguration` header or footer, say).
    public var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            configurationView = contentView.showContentConfiguration(contentConfiguration, replacing: configurationView)
            if contentConfiguration != nil { _textLabel?.isHidden = true }
            setNeedsLayout()
        }
    }
    private var configurationView: (any UIView & UIContentView)?
    /// The background configuration (its colour fills the view).
    public var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { backgroundColor = backgroundConfiguration?.backgroundColor }
    }
    /// Whether the table is plain: its headers take a grouped header's style otherwise.
    var isGroupedStyle = false
    var isHeader = true

    /// A header or footer view reusable under `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
        contentView.layoutMargins = UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 16)
    }

    /// A view the table makes for a registered class: `init(reuseIdentifier:)`, through the
    /// subclass's override when it has one.
    public required convenience init(_tableViewReuseIdentifier identifier: String) {
        self.init(reuseIdentifier: identifier)
    }

    /// Strata reads no archives: returns nil (see `UIView.init(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A list content configuration for this view's place: a plain header, else a grouped one.
    public func defaultContentConfiguration() -> UIListContentConfiguration {
        isGroupedStyle ? (isHeader ? .groupedHeader() : .groupedFooter()) : (isHeader ? .plainHeader() : .plainFooter())
    }

    /// Called before the table hands the view out again. The default does nothing; call `super`.
    open func prepareForReuse() {}

    /// Shows `title` as UIKit's standard header or footer: in plain tables a bold title on the
    /// grouped-background grey, in grouped ones footnote capitals (headers) or footnote text (footers).
    func configureStandard(title: String, header: Bool, tableStyle: UITableView.Style) {
        isGroupedStyle = tableStyle != .plain
        isHeader = header
        let label = textLabel!
        label.isHidden = false
        if isGroupedStyle {
            label.font = .preferredFont(forTextStyle: .footnote)
            label.textColor = .secondaryLabel
            label.numberOfLines = 0
            label.text = header ? title.uppercased() : title
            backgroundColor = nil
            contentView.layoutMargins =
                header
                ? UIEdgeInsets(top: 6, left: tableStyle == .insetGrouped ? 16 : 16, bottom: 6, right: 16)
                : UIEdgeInsets(top: 6, left: 16, bottom: 12, right: 16)
        } else {
            label.font = .systemFont(ofSize: 17, weight: .semibold)
            label.textColor = .label
            label.text = title
            backgroundColor = .systemBackground
            contentView.layoutMargins = UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 16)
        }
        setNeedsLayout()
    }

    /// Places the content view, the background and the title.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        if let configurationView {
            configurationView.frame = contentView.bounds
            return
        }
        guard let label = _textLabel, !label.isHidden else { return }
        let m = contentView.layoutMargins
        let width = max(0, bounds.width - m.left - m.right)
        let size = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        // Grouped headers sit on the bottom margin (their space above separates sections);
        // footers and plain headers at the top margin or centred.
        let y: CGFloat
        if isGroupedStyle {
            y = isHeader ? bounds.height - m.bottom - size.height : m.top
        } else {
            y = ((bounds.height - size.height) / 2).rounded()
        }
        label.frame = CGRect(x: m.left, y: y, width: width, height: size.height)
    }
}
