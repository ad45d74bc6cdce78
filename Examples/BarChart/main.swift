// A bar chart drawn in draw(_:), as UIKit tutorials write custom drawing: the view class is
// written as for iOS; only the import and the set-up at the end (a screen and a window in place
// of UIApplication and a storyboard) differ. Writes bar-chart.png into the folder it is given.
import Strata

final class BarChartView: UIView {
    var values: [CGFloat] = [0.35, 0.8, 0.55, 1.0, 0.25] {
        didSet { setNeedsDisplay() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        let inset: CGFloat = 10
        let slot = (bounds.width - 2 * inset) / CGFloat(values.count)
        let baseline = bounds.height - inset
        for (index, value) in values.enumerated() {
            let height = (bounds.height - 2 * inset) * value
            let bar = CGRect(x: inset + CGFloat(index) * slot + 4, y: baseline - height, width: slot - 8, height: height)
            (index.isMultiple(of: 2) ? UIColor.systemBlue : UIColor.systemOrange).setFill()
            UIBezierPath(roundedRect: bar, cornerRadius: 4).fill()
        }
        UIColor.label.setStroke()
        let axis = UIBezierPath()
        axis.move(to: CGPoint(x: inset, y: baseline))
        axis.addLine(to: CGPoint(x: bounds.width - inset, y: baseline))
        axis.lineWidth = 2
        axis.stroke()
    }
}

// Strata's set-up in place of UIApplication: a screen, a window, one frame written as PNG.
@main
struct BarChartProgram {
    @MainActor static func main() async throws {
        let out = CommandLine.arguments.dropFirst().first ?? "."
        let screen = try UIScreen(size: CGSize(width: 240, height: 160))
        let window = UIWindow(frame: screen.bounds)
        window.backgroundColor = .white
        window.screen = screen
        window.makeKeyAndVisible()

        let chart = BarChartView(frame: window.bounds.insetBy(dx: 20, dy: 20))
        window.addSubview(chart)

        let frame = try await screen.renderFrame()
        try frame.image!.writePNG(to: out + "/bar-chart.png")
        await screen.compositor.shutdown()
    }
}
