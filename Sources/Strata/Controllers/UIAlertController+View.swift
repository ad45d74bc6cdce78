import Foundation

/// The view of a `UIAlertController`: it fills the window, dims it, and shows the alert (a
/// 270-point platter centred) or the action sheet (groups at the bottom edge). Main actor.
///
/// Alert metrics, as iOS draws them: 13-point corners; 16 points of side padding; the title 17
/// points semibold and the message 13 points, centred, 20 points from the top and above the
/// buttons; buttons 44 points tall, 17-point titles. Action sheet: 8 points from the sides and
/// the bottom (and the safe area), 57-point buttons with 20-point titles, the header in 13
/// points grey, the cancel group 8 points under the others.
@MainActor
final class AlertView: UIView {
    static let alertWidth: CGFloat = 270
    static let cornerRadius: CGFloat = 13
    static let alertButtonHeight: CGFloat = 44
    static let sheetButtonHeight: CGFloat = 57
    static let sheetMargin: CGFloat = 8
    static let padding: CGFloat = 16
    /// The platter's colour (iOS's light material, opaque here).
    static let platterColor = UIColor(red: 0.95, green: 0.95, blue: 0.95, alpha: 1)

    private weak var controller: UIAlertController?
    /// The groups: one for an alert; one or two (the cancel group last) for a sheet.
    private(set) var groups: [UIView] = []
    /// Each action's button, in the order they are shown.
    private(set) var buttons: [AlertButton] = []
    private var needsRebuild = true
    /// The box holding an alert's text fields (made when the first is shown).
    private var fieldBox: UIView?

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: .zero)
        backgroundColor = UIAlertController.dimmingColor
    }

    required init?(coder: NSCoder) { nil }

    func contentDidChange() {
        needsRebuild = true
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let controller else { return }
        UIView.performWithoutAnimation {
            if needsRebuild { rebuild(controller) }
            if controller.preferredStyle == .alert { layOutAlert(controller) } else { layOutSheet(controller) }
        }
    }

    // MARK: Building

    private func rebuild(_ controller: UIAlertController) {
        needsRebuild = false
        for group in groups { group.removeFromSuperview() }
        groups = []
        buttons = []
        let emphasized = controller.emphasizedAction
        for action in controller.actions {
            buttons.append(AlertButton(action: action, bold: action === emphasized, sheet: controller.preferredStyle == .actionSheet))
        }
        let groupCount = controller.preferredStyle == .actionSheet && controller.cancelAction != nil && controller.actions.count > 0 ? 2 : 1
        for i in 0..<groupCount {
            let group = UIView()
            // A sheet's cancel group is opaque white in iOS; the others are the light material.
            group.backgroundColor = i == 1 ? .white : Self.platterColor
            group.layer.cornerRadius = Self.cornerRadius
            group.clipsToBounds = true
            addSubview(group)
            groups.append(group)
        }
    }

    /// A centred, wrapping label of `text` in `font`, `width` wide; its height in whole points.
    private func label(_ text: String, _ font: UIFont, _ color: UIColor, width: CGFloat, in group: UIView, y: CGFloat) -> CGFloat {
        let label = UILabel()
        label.text = text
        label.font = font
        label.textColor = color
        label.textAlignment = .center
        label.numberOfLines = 0
        let height = ceil(label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height)
        label.frame = CGRect(x: Self.padding, y: y, width: width, height: height)
        group.addSubview(label)
        return height
    }

    /// Places the title and message in `group` from the top; returns the header's height
    /// (0 with neither).
    private func layOutHeader(_ controller: UIAlertController, in group: UIView, width: CGFloat, sheet: Bool) -> CGFloat {
        for view in group.subviews where view is UILabel || view is AlertSeparator { view.removeFromSuperview() }
        let title = controller.title.flatMap { $0.isEmpty ? nil : $0 }
        let message = controller.message.flatMap { $0.isEmpty ? nil : $0 }
        guard title != nil || message != nil else { return 0 }
        let inner = width - 2 * Self.padding
        let top: CGFloat = sheet ? 14 : 20
        var y = top
        if let title {
            let font = UIFont.systemFont(ofSize: sheet ? 13 : 17, weight: .semibold)
            y += label(title, font, sheet ? .secondaryLabel : .label, width: inner, in: group, y: y)
        }
        if let message {
            if title != nil { y += sheet ? 2 : 4 }
            y += label(message, .systemFont(ofSize: 13), sheet ? .secondaryLabel : .label, width: inner, in: group, y: y)
        }
        return y + top
    }

    /// A thin line in `group` along `frame`.
    private func separator(_ frame: CGRect, in group: UIView) {
        let line = AlertSeparator(frame: frame)
        group.addSubview(line)
    }

    // MARK: Alert

    private func layOutAlert(_ controller: UIAlertController) {
        guard let group = groups.first else { return }
        let width = Self.alertWidth, h = Self.alertButtonHeight
        let header = layOutHeader(controller, in: group, width: width, sheet: false)
        var y = header
        if !controller.fields.isEmpty {
            // Fields in a white box with a hairline border, one 30-point row each.
            if y == 0 { y = 20 }
            let box = fieldBox ?? UIView()
            fieldBox = box
            box.backgroundColor = .white
            box.layer.borderWidth = 0.5
            box.layer.borderColor = UIColor.separator.cgColor
            box.layer.cornerRadius = 4
            box.frame = CGRect(x: Self.padding, y: y, width: width - 2 * Self.padding, height: 30 * CGFloat(controller.fields.count))
            group.addSubview(box)
            for (i, field) in controller.fields.enumerated() {
                field.frame = CGRect(x: 6, y: 30 * CGFloat(i) + 3, width: box.bounds.width - 12, height: 24)
                if field.superview !== box { box.addSubview(field) }
            }
            y = box.frame.maxY + 16
        }
        // Two buttons side by side (cancel on the left); otherwise stacked, cancel last.
        var shown = buttons
        if let cancel = shown.firstIndex(where: { $0.action.style == .cancel }) {
            let button = shown.remove(at: cancel)
            if shown.count == 1 { shown.insert(button, at: 0) } else { shown.append(button) }
        }
        if shown.count == 2 {
            separator(CGRect(x: 0, y: y, width: width, height: 0.5), in: group)
            for (i, button) in shown.enumerated() {
                button.frame = CGRect(x: CGFloat(i) * width / 2, y: y, width: width / 2, height: h)
                group.addSubview(button)
            }
            separator(CGRect(x: width / 2, y: y, width: 0.5, height: h), in: group)
            y += h
        } else {
            for button in shown {
                separator(CGRect(x: 0, y: y, width: width, height: 0.5), in: group)
                button.frame = CGRect(x: 0, y: y, width: width, height: h)
                group.addSubview(button)
                y += h
            }
        }
        let height = y
        group.frame = CGRect(x: ((bounds.width - width) / 2).rounded(.down), y: ((bounds.height - height) / 2).rounded(.down), width: width, height: height)
    }

    // MARK: Action sheet

    private func layOutSheet(_ controller: UIAlertController) {
        guard let main = groups.first else { return }
        let m = Self.sheetMargin, h = Self.sheetButtonHeight
        let width = bounds.width - 2 * m
        var bottom = bounds.height - max(m, safeAreaInsets.bottom)
        let cancelButton = buttons.first { $0.action.style == .cancel }
        if groups.count == 2, let cancelButton {
            let cancelGroup = groups[1]
            cancelButton.frame = CGRect(x: 0, y: 0, width: width, height: h)
            cancelGroup.addSubview(cancelButton)
            cancelGroup.frame = CGRect(x: m, y: bottom - h, width: width, height: h)
            bottom -= h + m
        }
        var y = layOutHeader(controller, in: main, width: width, sheet: true)
        for button in buttons where button !== cancelButton || groups.count == 1 {
            if y > 0 { separator(CGRect(x: 0, y: y, width: width, height: 0.5), in: main) }
            button.frame = CGRect(x: 0, y: y, width: width, height: h)
            main.addSubview(button)
            y += h
        }
        main.isHidden = y == 0
        main.frame = CGRect(x: m, y: bottom - y, width: width, height: y)
    }

    // MARK: Touches

    /// A touch lifting on the dimmed area outside an action sheet is its cancel action; on an
    /// alert's dimmed area it does nothing.
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let controller, controller.preferredStyle == .actionSheet, let touch = touches.first,
            let cancel = controller.cancelAction
        else { return }
        let point = touch.location(in: self)
        if !groups.contains(where: { !$0.isHidden && $0.frame.contains(point) }) { controller.actionTapped(cancel) }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    /// Taps on a button go to its action.
    func buttonTapped(_ button: AlertButton) { controller?.actionTapped(button.action) }
}

/// A hairline between an alert's parts.
@MainActor
final class AlertSeparator: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .separator
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }
}

/// One action's button in an alert or sheet: its title centred, in the tint colour (red when
/// destructive, grey when disabled, semibold when emphasised), grey behind while touched.
@MainActor
final class AlertButton: UIView {
    let action: UIAlertAction
    let titleLabel = UILabel()
    /// Whether the title is semibold (the emphasised action).
    let isBold: Bool

    init(action: UIAlertAction, bold: Bool, sheet: Bool) {
        self.action = action
        isBold = bold
        super.init(frame: .zero)
        titleLabel.text = action.title
        titleLabel.font = .systemFont(ofSize: sheet ? 20 : 17, weight: bold ? .semibold : .regular)
        titleLabel.textAlignment = .center
        titleLabel.textColor = !action.isEnabled ? .tertiaryLabel : action.style == .destructive ? .systemRed : .systemBlue
        addSubview(titleLabel)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        let height = ceil(titleLabel.font.lineHeight)
        UIView.performWithoutAnimation {
            titleLabel.frame = CGRect(x: 8, y: ((bounds.height - height) / 2).rounded(.down), width: max(bounds.width - 16, 0), height: height)
        }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard action.isEnabled else { return }
        UIView.performWithoutAnimation { backgroundColor = UIColor(white: 0, alpha: 0.1) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        UIView.performWithoutAnimation { backgroundColor = nil }
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        (superview?.superview as? AlertView)?.buttonTapped(self)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        UIView.performWithoutAnimation { backgroundColor = nil }
    }
}

extension UIAlertController {
    /// Test hook: the alert's or sheet's groups (platters), in window coordinates, the cancel
    /// group of a sheet last.
    @_spi(Testing) public var _groupFrames: [CGRect] {
        guard let view = viewIfLoaded as? AlertView else { return [] }
        view.layoutIfNeeded()
        return view.groups.filter { !$0.isHidden }.map { view.convert($0.frame, to: nil) }
    }

    /// Test hook: each action's button as shown: its title, frame (window coordinates), title
    /// colour and whether the title is bold.
    @_spi(Testing) public var _buttons: [(title: String?, frame: CGRect, color: UIColor?, isBold: Bool)] {
        guard let view = viewIfLoaded as? AlertView else { return [] }
        view.layoutIfNeeded()
        return view.buttons.map { ($0.action.title, $0.convert($0.bounds, to: nil), $0.titleLabel.textColor, $0.isBold) }
            .sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    }
}
