import StrataCore
import Testing

@testable import StrataQuartz

/// The model's per-layer change bits: one per layer property, below the other flags.
@Suite struct LayerChangesTests {
    @Test("Every layer key has a change bit of its own, below the contents, sublayers, superlayer, display and animation flags")
    func everyKeyHasABitBelowTheFlags() {
        #expect(LayerKey.allCases.count <= LayerChanges.propertyBits)
        let all = LayerKey.allCases.reduce(LayerChanges()) { $0.union(LayerChanges($1)) }
        #expect(all.isSubset(of: .properties) && Array(all.keys) == LayerKey.allCases)
        for flag in [LayerChanges.contents, .sublayers, .superlayer, .display, .animations] {
            #expect(flag.isDisjoint(with: .properties))
        }
    }
}
