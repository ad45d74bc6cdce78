import Dispatch

/// Waits until the main queue has run everything queued before this call: the implicit
/// transaction of the current turn has committed when this returns. Main actor.
@MainActor
public func nextTurn() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}
