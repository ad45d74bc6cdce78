import Foundation

// Overall design: UIKit's current graphics context is per thread. `UIGraphicsPushContext` on
// one thread is invisible to every other; an image context begun on a background thread is
// current there only; several threads may draw images at once, each into its own contexts.
//
// Each thread's stacks live in one `ThreadGraphicsStack`, reached through a pthread key made
// once for the process. The key holds a retained reference; the key's destructor releases it
// when the thread exits, freeing any contexts the thread left pushed. Nothing here is shared
// between threads, so there is no lock: a thread only ever reads and changes its own stacks.
//
// View drawing uses the same stacks: `UIView.draw(_:in:)` pushes the layer's context on the
// main actor's thread and pops it before returning, so background drawing never sees it.

/// The current-context stack and the image-context stack of one thread.
///
/// Any thread, but each instance belongs to the thread that made it: it is reached only through
/// `ThreadGraphicsStack.current`, which answers the calling thread's own.
final class ThreadGraphicsStack {
    /// Contexts pushed with `UIGraphicsPushContext` (or by an image context or renderer),
    /// innermost last; the last is `UIGraphicsGetCurrentContext()`.
    var contexts: [CGContext] = []
    /// Image contexts begun with `UIGraphicsBeginImageContextWithOptions` and not yet ended,
    /// innermost last.
    var imageCanvases: [ImageCanvas] = []

    /// The calling thread's stacks, made the first time a thread asks.
    static var current: ThreadGraphicsStack {
        if let stored = pthread_getspecific(threadGraphicsStackKey) {
            return Unmanaged<ThreadGraphicsStack>.fromOpaque(stored).takeUnretainedValue()
        }
        let made = ThreadGraphicsStack()
        // Retained here, released by the key's destructor when the thread exits.
        let result = pthread_setspecific(threadGraphicsStackKey, Unmanaged.passRetained(made).toOpaque())
        precondition(result == 0, "pthread_setspecific failed: \(result)")
        return made
    }

    /// The calling thread's stacks if it has used any, without making them.
    static var currentIfMade: ThreadGraphicsStack? {
        pthread_getspecific(threadGraphicsStackKey).map { Unmanaged<ThreadGraphicsStack>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// The pthread key under which each thread keeps its `ThreadGraphicsStack` (a retained,
/// unmanaged reference), made once for the process; its destructor releases the stacks of a
/// thread that exits.
private let threadGraphicsStackKey: pthread_key_t = {
    var key = pthread_key_t()
    let result = pthread_key_create(&key) { stored in
        guard let stored else { return }
        Unmanaged<ThreadGraphicsStack>.fromOpaque(stored).release()
    }
    precondition(result == 0, "pthread_key_create failed: \(result)")
    return key
}()

/// The current graphics context: the one pushed last on this thread (by `UIGraphicsPushContext`,
/// an image context, an image renderer, or a view's `draw(_:)`), or nil when none is.
///
/// Any thread; the current context is per thread, as in UIKit.
public func UIGraphicsGetCurrentContext() -> CGContext? { ThreadGraphicsStack.currentIfMade?.contexts.last }

/// Makes `context` this thread's current context until the matching `UIGraphicsPopContext()`.
///
/// Any thread; the current context is per thread, as in UIKit. Other threads do not see it.
public func UIGraphicsPushContext(_ context: CGContext) { ThreadGraphicsStack.current.contexts.append(context) }

/// Restores the context that was current on this thread before the last `UIGraphicsPushContext(_:)`;
/// does nothing when none was pushed here.
///
/// Any thread; the current context is per thread, as in UIKit.
public func UIGraphicsPopContext() { _ = ThreadGraphicsStack.currentIfMade?.contexts.popLast() }

/// Fills `rect` in the current context with its fill colour; does nothing without a current context.
///
/// Any thread; the current context is per thread, as in UIKit.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }
