import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataTesting
import Testing

/// `UISlider`'s bounds and images as Apple's reference page gives them.
@MainActor
@Suite struct UISliderTests {
    @Test("UISlider: a minimum of 5 above the maximum 1 raises the maximum and the value to 5; a maximum of -3 below the minimum lowers the minimum and the value to -3")
    func sliderBoundsMoveEachOther() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
        slider.value = 0.5
        slider.minimumValue = 5
        #expect(slider.minimumValue == 5 && slider.maximumValue == 5 && slider.value == 5)
        slider.maximumValue = -3
        #expect(slider.minimumValue == -3 && slider.maximumValue == -3 && slider.value == -3)
        slider.maximumValue = 10
        slider.value = 4
        slider.minimumValue = 6
        #expect(slider.minimumValue == 6 && slider.maximumValue == 10 && slider.value == 6, "below the new minimum: raised to it")
        slider.maximumValue = 8
        #expect(slider.value == 6 && slider.minimumValue == 6 && slider.maximumValue == 8)
    }

    @Test("UISlider's per-state images fall back to the normal state's; the value images default to nil")
    func sliderImagesFallBackToNormal() {
        let slider = UISlider()
        let thumb = solidImage(width: 10, height: 10), track = solidImage(width: 4, height: 4)
        #expect(slider.minimumValueImage == nil && slider.maximumValueImage == nil && slider.currentThumbImage == nil)
        slider.setThumbImage(thumb, for: .normal)
        slider.setMinimumTrackImage(track, for: .normal)
        #expect(slider.thumbImage(for: .highlighted) === thumb && slider.minimumTrackImage(for: .disabled) === track)
        #expect(slider.maximumTrackImage(for: .normal) == nil && slider.currentThumbImage === thumb)
    }
}
