import StrataCore
import Testing

/// A layer's own time (`beginTime`, `speed`, `timeOffset`), as Core Animation's `CAMediaTiming`
/// defines it for layers: local = (parent − beginTime) × speed + timeOffset.
@Suite struct LayerTimeTests {
    @Test("Defaults: a layer's time is its superlayer's (begin 0, speed 1, offset 0)")
    func defaultsFollowTheSuperlayer() {
        let s = LayerState()
        #expect(!s.hasOwnTime)
        #expect(s.localTime(fromParent: 12.5) == 12.5 && s.parentTime(fromLocal: 12.5) == 12.5)
    }

    @Test("Begin 1 s, speed 2, offset 0.5 s: parent 3 s is local 4.5 s and back; parent 1 s is local 0.5 s")
    func shiftedScaledAndOffset() {
        var s = LayerState()
        (s.beginTime, s.speed, s.timeOffset) = (1, 2, 0.5)
        #expect(s.hasOwnTime)
        #expect(s.localTime(fromParent: 3) == 4.5)
        #expect(s.parentTime(fromLocal: 4.5) == 3)
        #expect(s.localTime(fromParent: 1) == 0.5)
    }

    @Test("Speed 0 (paused): the layer's time stays at its offset whatever the parent's; mapped back, its begin")
    func pausedStaysAtTheOffset() {
        var s = LayerState()
        (s.speed, s.timeOffset, s.beginTime) = (0, 7.25, 2)
        #expect(s.localTime(fromParent: 0) == 7.25 && s.localTime(fromParent: 100) == 7.25)
        #expect(s.parentTime(fromLocal: 7.25) == 2)
    }

    @Test("Speed −1: the layer's time runs backwards from its offset")
    func negativeSpeedRunsBackwards() {
        var s = LayerState()
        (s.speed, s.timeOffset) = (-1, 10)
        #expect(s.localTime(fromParent: 3) == 7)
        #expect(s.parentTime(fromLocal: 7) == 3)
    }

    @Test("Only beginTime, speed and timeOffset shape time; none of them animates")
    func timeKeys() {
        #expect(LayerKey.allCases.filter(\.shapesTime) == [.beginTime, .speed, .timeOffset])
        #expect(!LayerKey.beginTime.isAnimatable && !LayerKey.speed.isAnimatable && !LayerKey.timeOffset.isAnimatable)
        #expect(LayerProperty.speed(.nan).problem != nil, "a non-finite speed is refused")
    }
}
