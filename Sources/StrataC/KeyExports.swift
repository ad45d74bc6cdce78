import Foundation
import StrataCore

// Key and text input of strata.h: a focused layer receives them through the host's callbacks.
// Everything is checked first with StrataCore's `KeyEventRules` (the rules the UIKit model's
// `KeyInput` and `TextInput` keep) and against the keys down and the last time; a refused event
// changes nothing.

/// strata.h's `strata_key_callback`.
public typealias CKeyCallback =
    @convention(c) (
        UnsafeMutableRawPointer?, UInt64, Int32, UInt32, UInt32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Double
    ) -> Void
/// strata.h's `strata_text_callback`.
public typealias CTextCallback = @convention(c) (UnsafeMutableRawPointer?, UInt64, Int32, UnsafePointer<CChar>?, Int32, Int32, Double) -> Void

extension CCompositor {
    /// Refuses a time that is not finite or is before the last key or text event's.
    func checkKeyTime(_ timestamp: Double, _ function: String) throws(CFailure) {
        guard timestamp.isFinite else {
            throw CFailure.invalid("\(function): timestamp \(timestamp) is not finite; pass seconds on your clock, never going backwards")
        }
        if let last = lastKeyTime, timestamp < last {
            throw CFailure.invalid("\(function): timestamp \(timestamp) is before the last key or text event's \(last); timestamps must not go backwards")
        }
    }
}

/// The UTF-8 text at `pointer` (NUL-terminated), or nil for NULL.
/// - Throws: `CFailure` naming `field` when the bytes are not UTF-8.
private func text(_ pointer: UnsafePointer<CChar>?, _ field: String, _ function: String) throws(CFailure) -> String? {
    guard let pointer else { return nil }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
    switch KeyEventRules.string(utf8: bytes, field: field) {
    case .success(let string): return string
    case .failure(let problem): throw CFailure.invalid("\(function): \(problem); pass UTF-8")
    }
}

/// `strata_set_key_focus` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_set_key_focus")
public func strata_set_key_focus(_ handle: OpaquePointer?, _ layer: UInt64) -> Int32 {
    call {
        let c = try compositor(handle, "strata_set_key_focus")
        c.keyFocus = layer == 0 ? nil : try c.layer(layer, "strata_set_key_focus")
    }
}

/// `strata_key_focus` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_key_focus")
public func strata_key_focus(_ handle: OpaquePointer?) -> UInt64 {
    var focus: UInt64 = 0
    _ = call { focus = try compositor(handle, "strata_key_focus").keyFocus?.id.rawValue ?? 0 }
    return focus
}

/// `strata_set_key_callback` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_set_key_callback")
public func strata_set_key_callback(_ handle: OpaquePointer?, _ callback: CKeyCallback?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    call {
        let c = try compositor(handle, "strata_set_key_callback")
        (c.keyCallback, c.keyUserData) = (callback, userData)
    }
}

/// `strata_set_text_callback` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_set_text_callback")
public func strata_set_text_callback(_ handle: OpaquePointer?, _ callback: CTextCallback?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    call {
        let c = try compositor(handle, "strata_set_text_callback")
        (c.textCallback, c.textUserData) = (callback, userData)
    }
}

/// `strata_key_event` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_key_event")
public func strata_key_event(
    _ handle: OpaquePointer?, _ phase: Int32, _ usage: UInt32, _ modifiers: UInt32,
    _ characters: UnsafePointer<CChar>?, _ ignoringModifiers: UnsafePointer<CChar>?, _ timestamp: Double,
    _ received: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    call {
        let f = "strata_key_event"
        let c = try compositor(handle, f)
        guard (0...2).contains(phase) else { throw CFailure.invalid("\(f): phase \(phase) is not a strata_key_phase (0...2)") }
        if let problem = KeyEventRules.problem(keyCode: Int(usage), modifierFlags: Int(modifiers)) {
            throw CFailure.invalid("\(f): \(problem)")
        }
        let typed = try text(characters, "characters", f) ?? ""
        let plain = try text(ignoringModifiers, "characters ignoring modifiers", f) ?? typed.lowercased()
        try c.checkKeyTime(timestamp, f)
        let code = Int(usage)
        let names = ["down", "repeat", "up"]
        if phase == 0, c.keysDown.contains(code) {
            throw CFailure.invalid("\(f): a key down for HID usage \(code), which is already down; send its up first, or a repeat for a held key")
        }
        if phase != 0, !c.keysDown.contains(code) {
            throw CFailure.invalid("\(f): a key \(names[Int(phase)]) for HID usage \(code), which is not down; send its down first")
        }
        // Checked: now it happens.
        if phase == 0 { c.keysDown.insert(code) } else if phase == 2 { c.keysDown.remove(code) }
        c.lastKeyTime = timestamp
        let target = c.keyFocus
        if let target, let callback = c.keyCallback {
            typed.withCString { t in
                plain.withCString { p in callback(c.keyUserData, target.id.rawValue, phase, usage, modifiers, t, p, timestamp) }
            }
        }
        received?.pointee = target?.id.rawValue ?? 0
    }
}

/// `strata_text_event` from strata.h, where it is documented. Thread rule and errors as the header says.
@_cdecl("strata_text_event")
public func strata_text_event(
    _ handle: OpaquePointer?, _ phase: Int32, _ textPointer: UnsafePointer<CChar>?, _ location: Int32, _ length: Int32,
    _ timestamp: Double, _ received: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    call {
        let f = "strata_text_event"
        let c = try compositor(handle, f)
        guard (0...2).contains(phase) else { throw CFailure.invalid("\(f): phase \(phase) is not a strata_text_phase (0...2)") }
        var string = ""
        var range = (location: Int32(0), length: Int32(0))
        if phase != 2 {
            let field = phase == 0 ? "committed text" : "marked text"
            guard let value = try text(textPointer, field, f) else { throw CFailure.invalid("\(f): the \(field) is NULL; pass a UTF-8 string") }
            string = value
            let count = Int32(clamping: value.utf16.count)
            range = phase == 0 ? (count, 0) : (location, length)
            if phase == 1, let problem = KeyEventRules.problem(markedRange: Int(location), length: Int(length), in: value) {
                throw CFailure.invalid("\(f): \(problem)")
            }
        }
        try c.checkKeyTime(timestamp, f)
        c.lastKeyTime = timestamp
        let target = c.keyFocus
        if let target, let callback = c.textCallback {
            string.withCString { callback(c.textUserData, target.id.rawValue, phase, $0, range.location, range.length, timestamp) }
        }
        received?.pointee = target?.id.rawValue ?? 0
    }
}
