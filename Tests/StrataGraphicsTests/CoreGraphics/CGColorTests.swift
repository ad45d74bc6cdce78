import Foundation
import StrataGraphics
import Testing

/// `CGColor`'s components are checked where the colour is made.
@Suite struct CGColorTests {
    @Test("A colour with a NaN red component traps where it is made")
    func nonFiniteColourComponentsTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = CGColor(red: .nan, green: 0, blue: 0, alpha: 1)
        }
    }
}
