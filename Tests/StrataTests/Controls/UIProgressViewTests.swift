import Foundation
import Strata
import StrataTesting
import Testing

/// UIProgressView's values and looks.
@MainActor
@Suite struct UIProgressViewTests {
    @Test(
        "UIProgressView: progress 0 by default, clamped to 0…1 (1.5 reads 1, −1 reads 0, NaN 0), setProgress(0.5, animated: false) reads 0.5; the default style is 4 points high, the bar 2.5; tint colours kept"
    )
    func progressValues() {
        let progress = UIProgressView(progressViewStyle: .default)
        #expect(progress.progress == 0 && progress.progressViewStyle == .default)
        progress.setProgress(0.5, animated: false)
        #expect(progress.progress == 0.5)
        progress.progress = 1.5
        #expect(progress.progress == 1)
        progress.progress = -1
        #expect(progress.progress == 0)
        progress.progress = .nan
        #expect(progress.progress == 0)
        #expect(progress.intrinsicContentSize.height == 4 && progress.sizeThatFits(CGSize(width: 120, height: 50)) == CGSize(width: 120, height: 4))
        progress.progressViewStyle = .bar
        #expect(progress.intrinsicContentSize.height == 2.5)
        progress.progressTintColor = .red
        progress.trackTintColor = .blue
        #expect(progress.progressTintColor == .red && progress.trackTintColor == .blue)
    }

    @Test(
        "Scene: a 100×20 progress view at 0.25 with a red fill and a blue track on white: red at (10, 10) and (23, 10), blue at (30, 10) and (90, 10), white above the 4-point track at (50, 5)"
    )
    func progressLooks() throws {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        root.backgroundColor = .white
        let progress = UIProgressView(frame: root.bounds)
        progress.progressTintColor = .red
        progress.trackTintColor = .blue
        progress.progress = 0.25
        root.addSubview(progress)
        root.layoutIfNeeded()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: root.bounds.size, format: format).image { _ in
            root.drawHierarchy(in: root.bounds, afterScreenUpdates: true)
        }
        let p = try #require(image.cgImage?.image)
        #expect(p[10, 10] == .red && p[23, 10] == .red, "\(p[10, 10]) \(p[23, 10])")
        #expect(p[30, 10] == .blue && p[90, 10] == .blue)
        #expect(p[50, 5] == .white)
    }
}
