import Foundation
import FuzzSupport
import StrataCore

/// libFuzzer's entry: the bytes as an event script in both forms. A script is read or refused
/// with an `EventScriptError`; anything else — a crash, a trap, a hang — is a defect. What is
/// read keeps the limits: events in time order, every time and number finite, times within
/// `maximumDuration`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventScript(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let events = try? EventScriptReader.events(text: String(decoding: data, as: UTF8.self)) { check(events) }
    if let events = try? EventScriptReader.events(json: data) { check(events) }
    return 0
}

/// Traps unless `events` keep the reader's limits.
private func check(_ events: [EventScriptEvent]) {
    var last = 0.0
    for event in events {
        let time = event.time
        precondition(time.isFinite && time >= last && time <= EventScriptReader.maximumDuration, "an event past the limits was read: \(event)")
        last = time
        switch event {
        case .touch(_, _, let x, let y, _): precondition(x.isFinite && y.isFinite, "a touch at a non-finite place was read: \(event)")
        case .scroll(_, let x, let y, let dx, let dy, _):
            precondition([x, y, dx, dy].allSatisfy(\.isFinite), "a scroll with a non-finite number was read: \(event)")
        case .key, .text, .end: break
        }
    }
}

/// The program's entry: libFuzzer with `fuzzEventScript` as the function under test.
@_cdecl("FuzzEventScript_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzEventScript)
}
