import Foundation
import StrataGraphics
import Testing

@_spi(Testing) import StrataQuartz

/// The errors the model reports describe what failed with its values, whatever the values.
@Suite struct StrataErrorTests {
    @Test("A backing store of 1e19 × infinity points is described with the 16384-pixel limit, without trapping")
    func errorsDescribeAbsurdSizesWithoutTrapping() {
        let text = "\(StrataError.backingStoreTooLarge(layer: "a view", size: CGSize(width: 1e19, height: CGFloat.infinity), limit: 16384))"
        #expect(text.contains("16384"))
    }
}
