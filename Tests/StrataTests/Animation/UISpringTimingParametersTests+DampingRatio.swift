import Foundation
@_spi(Testing) import Strata
@_spi(Testing) import StrataQuartz
import StrataCompositor
import StrataCore
import StrataTesting
import Testing

/// Springs given by a damping ratio settle within the duration they were given.
extension UISpringTimingParametersTests {
    @Test func springsGivenByDampingRatioSettleWithinTheirDuration() {
        for ratio in [0.3, 0.7, 1, 1.5, 2, 4] {
            let spring = Spring(dampingRatio: ratio, settlingIn: 0.5)
            for t in stride(from: 0.5, through: 2, by: 0.01) {
                #expect(abs(spring.displacement(at: t)) <= Spring.threshold * 1.0001, "ζ \(ratio): displacement \(spring.displacement(at: t)) at \(t) s")
            }
        }
    }
}
