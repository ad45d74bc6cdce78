import Foundation
import FuzzSupport
import Strata

/// libFuzzer's entry: the bytes as an event script in both forms. A script is read or refused
/// with an `EventScriptError` (or a JSON error); anything else — a crash, a trap, a hang — is a
/// defect.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventScript(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    if let script = try? EventScript(text: String(decoding: data, as: UTF8.self)) {
        precondition(script.duration.isFinite && script.duration <= EventScript.maximumDuration, "a script past the limits was read: \(script.duration)")
    }
    if let script = try? EventScript(json: data) {
        precondition(script.duration.isFinite && script.duration <= EventScript.maximumDuration, "a JSON script past the limits was read: \(script.duration)")
    }
    return 0
}

/// The program's entry: libFuzzer with `fuzzEventScript` as the function under test.
@_cdecl("FuzzEventScript_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzEventScript)
}
