import UIKit
import QuartzCore

// A gauge that fills up, redrawn on every display refresh.
@IBDesignable
class GaugeView: UIView {
    @IBInspectable var fillColor: UIColor = .systemGreen
    @IBInspectable var level: CGFloat = 0.5 { didSet { setNeedsDisplay() } }
    private var link: CADisplayLink?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    func start() {
        link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link?.add(to: .main, forMode: .common)
    }

    @objc private func step(_ link: CADisplayLink) {
        level = min(1, level + 0.01)
    }

    override func draw(_ rect: CGRect) {
        let filled = CGRect(x: 0, y: bounds.height * (1 - level), width: bounds.width, height: bounds.height * level)
        fillColor.setFill()
        UIBezierPath(roundedRect: filled, cornerRadius: 4).fill()
    }
}
