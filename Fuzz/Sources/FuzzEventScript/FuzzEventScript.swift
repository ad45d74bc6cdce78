import Foundation
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

/// libFuzzer's driver (the fuzzer runtime's own `main` is not used: SwiftPM gives an executable
/// module's entry point its module's name).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The program's entry: libFuzzer with `fuzzEventScript` as the function under test.
@_cdecl("FuzzEventScript_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzEventScript)
}
