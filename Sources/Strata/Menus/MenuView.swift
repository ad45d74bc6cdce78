import Foundation

/// A menu drawn over a window, as iOS shows a button's menu: a rounded platter (13-point
/// corners, 250 points wide) of 44-point rows, each with its title leading and its image
/// trailing, thin separators between rows and 8-point bands between inline groups. Main actor.
///
/// It fills the window and takes every touch: lifting a touch on an enabled row chooses it,
/// and lifting one outside the platter closes the menu. Rows of submenus open them in place.
@MainActor
final class MenuView: UIView {
    /// The platter's width, in points.
    static let width: CGFloat = 250
    /// A row's height, in points (a row with a subtitle is taller).
    static let rowHeight: CGFloat = 44
    /// A row with a subtitle's height, in points.
    static let subtitledRowHeight: CGFloat = 58
    /// The band between inline groups, in points.
    static let groupGap: CGFloat = 8
    /// The platter's corner radius, in points.
    static let cornerRadius: CGFloat = 13
    /// The space kept between the platter and the window's edges and the anchor, in points.
    static let margin: CGFloat = 8

    /// One line of the menu.
    enum Line {
        case header(String)
        case row(UIMenuElement)
        case gap
    }

    /// The rounded platter holding the rows.
    let platter = UIView()
    /// Each chooseable row's element and frame (in the platter), in order.
    private(set) var rows: [(element: UIMenuElement, frame: CGRect)] = []
    /// The menu shown now (a submenu after one was opened).
    private(set) var menu: UIMenu
    /// The anchor's frame in the window's coordinates.
    private let anchor: CGRect
    /// Called with the element of a chosen row (enabled actions and commands).
    private let choose: @MainActor (UIMenuElement) -> Void
    /// Called when a touch lifts outside the platter.
    private let dismiss: @MainActor () -> Void

    /// A menu view filling `bounds`, showing `menu` next to `anchor` (window coordinates).
    init(
        menu: UIMenu, bounds: CGRect, anchor: CGRect, choose: @escaping @MainActor (UIMenuElement) -> Void,
        dismiss: @escaping @MainActor () -> Void
    ) {
        self.menu = menu
        self.anchor = anchor
        self.choose = choose
        self.dismiss = dismiss
        super.init(frame: bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        platter.backgroundColor = UIColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1)
        platter.layer.cornerRadius = Self.cornerRadius
        platter.layer.shadowOpacity = 0.2
        platter.layer.shadowRadius = 16
        platter.layer.shadowOffset = CGSize(width: 0, height: 4)
        platter.isUserInteractionEnabled = false
        addSubview(platter)
        build()
    }

    /// Creates a menu view from an archive: Strata reads none, so this returns nil.
    required init?(coder: NSCoder) { nil }

    /// The lines `menu` shows: its title, then its visible children, inline menus' children in
    /// place between gaps (never two gaps together, nor one at either end).
    static func lines(of menu: UIMenu) -> [Line] {
        var lines: [Line] = []
        if !menu.title.isEmpty { lines.append(.header(menu.title)) }
        func add(_ children: [UIMenuElement]) {
            for child in children where !child.menuAttributes.contains(.hidden) {
                if let submenu = child as? UIMenu, submenu.options.contains(.displayInline) {
                    lines.append(.gap)
                    if !submenu.title.isEmpty { lines.append(.header(submenu.title)) }
                    add(submenu.children)
                    lines.append(.gap)
                } else {
                    lines.append(.row(child))
                }
            }
        }
        add(menu.children)
        var tidy: [Line] = []
        for line in lines {
            if case .gap = line {
                if tidy.isEmpty { continue }
                if case .gap = tidy.last! { continue }
                if case .header = tidy.last!, tidy.count == 1 { continue }
            }
            tidy.append(line)
        }
        while let last = tidy.last, case .gap = last { tidy.removeLast() }
        return tidy
    }

    /// Makes the rows of `menu` and places the platter.
    private func build() {
        for view in platter.subviews { view.removeFromSuperview() }
        rows = []
        let lines = Self.lines(of: menu)
        let checks = lines.contains { if case .row(let e) = $0 { return e.menuState != .off } else { return false } }
        var y: CGFloat = 0
        for (i, line) in lines.enumerated() {
            let next = i + 1 < lines.count ? lines[i + 1] : nil
            switch line {
            case .header(let text):
                let label = UILabel(frame: CGRect(x: 16, y: y, width: Self.width - 32, height: 32))
                label.text = text
                label.font = .systemFont(ofSize: 13)
                label.textColor = .secondaryLabel
                platter.addSubview(label)
                y += 32
                if let next, case .row = next { addSeparator(at: y) }
            case .gap:
                let band = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: Self.groupGap))
                band.backgroundColor = UIColor(white: 0, alpha: 0.08)
                platter.addSubview(band)
                y += Self.groupGap
            case .row(let element):
                let height = (element.subtitle?.isEmpty ?? true) ? Self.rowHeight : Self.subtitledRowHeight
                let frame = CGRect(x: 0, y: y, width: Self.width, height: height)
                platter.addSubview(MenuRowView(element: element, frame: frame, leadingInset: checks ? 44 : 16))
                rows.append((element, frame))
                y += height
                if let next, case .row = next { addSeparator(at: y) }
            }
        }
        platter.frame = placement(height: y)
    }

    /// A thin line at `y` across the platter, over the rows (it takes no space).
    private func addSeparator(at y: CGFloat) {
        let line = UIView(frame: CGRect(x: 0, y: y - 0.5, width: Self.width, height: 0.5))
        line.backgroundColor = .separator
        platter.addSubview(line)
    }

    /// The platter's frame: below the anchor (above it when it does not fit below), its leading
    /// edge on the anchor's (its trailing edge on the anchor's when the anchor is in the right
    /// half), kept 8 points inside the bounds.
    func placement(height: CGFloat) -> CGRect {
        let m = Self.margin
        var x = anchor.midX > bounds.midX ? anchor.maxX - Self.width : anchor.minX
        x = min(max(x, m), max(bounds.width - m - Self.width, m))
        var y = anchor.maxY + m
        if y + height > bounds.height - m, anchor.minY - m - height >= m { y = anchor.minY - m - height }
        y = max(min(y, bounds.height - m - height), m)
        return CGRect(x: x, y: y, width: Self.width, height: height)
    }

    /// The enabled row's element under `point` (this view's coordinates); nil when none.
    func element(at point: CGPoint) -> UIMenuElement? {
        let local = CGPoint(x: point.x - platter.frame.minX, y: point.y - platter.frame.minY)
        guard let row = rows.first(where: { $0.frame.contains(local) }), !row.element.menuAttributes.contains(.disabled) else { return nil }
        return row.element
    }

    /// Lifting a touch chooses the enabled row under it (a submenu opens in place), does nothing
    /// on the platter elsewhere, and closes the menu outside it.
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        release(at: point)
    }

    /// What a touch lifted at `point` (this view's coordinates) does: see `touchesEnded`.
    func release(at point: CGPoint) {
        if let element = element(at: point) {
            if let submenu = element as? UIMenu {
                menu = submenu
                build()
            } else {
                choose(element)
            }
        } else if !platter.frame.contains(point) {
            dismiss()
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// One row of a menu: a checkmark (or dash) when the element is on (or mixed), its title and
/// subtitle, and its image trailing (a chevron for a submenu). Red when destructive, grey when
/// disabled.
@MainActor
final class MenuRowView: UIView {
    init(element: UIMenuElement, frame: CGRect, leadingInset: CGFloat) {
        super.init(frame: frame)
        let attributes = element.menuAttributes
        let destructive = attributes.contains(.destructive) || ((element as? UIMenu)?.options.contains(.destructive) ?? false)
        let color: UIColor = attributes.contains(.disabled) ? .tertiaryLabel : destructive ? .systemRed : .label
        let trailing: CGFloat = 16, imageSide: CGFloat = 24
        let textWidth = frame.width - leadingInset - trailing - imageSide - 8
        let title = UILabel()
        title.text = element.title
        title.font = .systemFont(ofSize: 17)
        title.textColor = color
        let titleHeight = ceil(title.font.lineHeight)
        if let subtitle = element.subtitle, !subtitle.isEmpty {
            let sub = UILabel()
            sub.text = subtitle
            sub.font = .systemFont(ofSize: 15)
            sub.textColor = attributes.contains(.disabled) ? .tertiaryLabel : .secondaryLabel
            let subHeight = ceil(sub.font.lineHeight)
            let top = (frame.height - titleHeight - subHeight - 2) / 2
            title.frame = CGRect(x: leadingInset, y: top, width: textWidth, height: titleHeight)
            sub.frame = CGRect(x: leadingInset, y: top + titleHeight + 2, width: textWidth, height: subHeight)
            addSubview(sub)
        } else {
            title.frame = CGRect(x: leadingInset, y: (frame.height - titleHeight) / 2, width: textWidth, height: titleHeight)
        }
        addSubview(title)
        let glyphFrame = CGRect(x: 16, y: (frame.height - 16) / 2, width: 16, height: 16)
        switch element.menuState {
        case .on: addSubview(MenuGlyphView(.checkmark, color: color, frame: glyphFrame))
        case .mixed: addSubview(MenuGlyphView(.dash, color: color, frame: glyphFrame))
        case .off: break
        }
        let imageFrame = CGRect(x: frame.width - trailing - imageSide, y: (frame.height - imageSide) / 2, width: imageSide, height: imageSide)
        if element is UIMenu {
            addSubview(MenuGlyphView(.chevron, color: .secondaryLabel, frame: imageFrame.insetBy(dx: 6, dy: 4)))
        } else if let image = element.image {
            let view = UIImageView(image: image.renderingMode == .alwaysOriginal ? image : image.withRenderingMode(.alwaysTemplate))
            view.tintColor = color
            view.contentMode = .scaleAspectFit
            view.frame = imageFrame
            addSubview(view)
        }
    }

    required init?(coder: NSCoder) { nil }
}

/// A checkmark, a dash or a chevron, stroked in a colour.
@MainActor
final class MenuGlyphView: UIView {
    enum Kind { case checkmark, dash, chevron }
    let kind: Kind
    let color: UIColor

    init(_ kind: Kind, color: UIColor, frame: CGRect) {
        self.kind = kind
        self.color = color
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = nil
        setNeedsDisplay()
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        let w = bounds.width, h = bounds.height
        ctx.setStrokeColor(color.cgColor)
        ctx.setLineWidth(2)
        ctx.setLineCap(.round)
        ctx.setLineJoin(.round)
        switch kind {
        case .checkmark:
            ctx.move(to: CGPoint(x: w * 0.1, y: h * 0.55))
            ctx.addLine(to: CGPoint(x: w * 0.4, y: h * 0.85))
            ctx.addLine(to: CGPoint(x: w * 0.9, y: h * 0.15))
        case .dash:
            ctx.move(to: CGPoint(x: w * 0.15, y: h * 0.5))
            ctx.addLine(to: CGPoint(x: w * 0.85, y: h * 0.5))
        case .chevron:
            ctx.move(to: CGPoint(x: w * 0.25, y: h * 0.1))
            ctx.addLine(to: CGPoint(x: w * 0.75, y: h * 0.5))
            ctx.addLine(to: CGPoint(x: w * 0.25, y: h * 0.9))
        }
        ctx.strokePath()
    }
}
