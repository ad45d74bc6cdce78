import Foundation
import Strata
import StrataCore
import StrataTesting
import Testing

/// UIKit's colours where Core Animation wants `CGColor`s.
@MainActor
@Suite struct UIColorTests {
    @Test("UIColors instead of CGColors in a gradient layer's colors draw no gradient (as on iOS); the background still shows")
    func gradientLayerOfUIColorsDrawsNothing() throws {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [UIColor.red, UIColor.blue]
        layer.backgroundColor = UIColor.green.cgColor
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 100), format: format).image { layer.render(in: $0.cgContext) }
        expectPixel(try #require(image.cgImage?.image), 50, 50, RGBA8(0, 255, 0), "(50, 50): the background")
    }

    @Test("A CGGradient of UIColors is nil, as Core Graphics refuses what is not a CGColor")
    func aGradientOfUIColorsIsNil() {
        #expect(CGGradient(colorsSpace: nil, colors: [UIColor.red, UIColor.blue] as CFArray, locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray, locations: nil) != nil)
    }
}
