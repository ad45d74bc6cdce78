import Foundation
import Strata
import StrataCore
import Testing

/// A `side`-point square image at scale 1 filled with (`red`, `green`, `blue`), made with an image
/// context in a synchronous function that is not on the main actor: UIKit allows image contexts
/// on any thread, so this compiles and runs wherever it is called.
private func squareImage(side: CGFloat, red: CGFloat, green: CGFloat, blue: CGFloat) -> UIImage? {
    UIGraphicsBeginImageContextWithOptions(CGSize(width: side, height: side), false, 1)
    defer { UIGraphicsEndImageContext() }
    UIGraphicsGetCurrentContext()?.setFillColor(CGColor(red: red, green: green, blue: blue, alpha: 1))
    UIRectFill(CGRect(x: 0, y: 0, width: side, height: side))
    return UIGraphicsGetImageFromCurrentImageContext()
}

/// Runs `body` on a new thread of its own and waits for what it returns.
private func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let result = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }.start()
    done.wait()
    return result.withLock { $0! }
}

/// A point that `count` threads wait at until all of them have reached it (or 10 s pass, so a
/// broken run fails instead of hanging).
private final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    init(count: Int) { self.count = count }

    /// Waits until every thread has arrived; false when the wait timed out.
    @discardableResult
    func arriveAndWait() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: 10)
        while arrived < count {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

/// UIKit's drawing functions away from the main thread: image contexts, image renderers, the
/// current context (one stack per thread), paths, images and strings. Pixels are read back from
/// the images made. No GPU.
@Suite struct DrawingOffMainTests {
    /// A nonisolated helper makes a 4 × 4 blue image with an image context: every pixel blue,
    /// and afterwards nothing is left current on the thread.
    @Test func aNonisolatedHelperMakesAnImageWithAnImageContext() throws {
        let image = try #require(squareImage(side: 4, red: 0, green: 0, blue: 1))
        #expect(image.size == CGSize(width: 4, height: 4) && image.scale == 1)
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels.size == PixelSize(width: 4, height: 4))
        #expect(pixels[0, 0] == RGBA8(0, 0, 255) && pixels[3, 3] == RGBA8(0, 0, 255))
        #expect(UIGraphicsGetCurrentContext() == nil, "the image context is ended")
        #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
    }

    /// An image renderer run from `DispatchQueue.global()`: 10 × 10 points at scale 2, the left
    /// half (0…5 points) filled green by a `UIBezierPath`, a 2-point orange image drawn at (6, 6)
    /// with `UIImage.draw(at:)`: 20 × 20 pixels, green at (4, 10), orange at (14, 14), clear at (18, 2).
    /// (The image comes back through a `Locked` box: the thread sanitizer on Linux does not see
    /// a continuation resumed in a dispatch block as ordering the block's writes before the
    /// awaiting task's reads, and reported the image's fields as raced now and then.)
    @Test func anImageRendererWorksOnAGlobalQueue() async throws {
        let made = Locked<UIImage?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                let orange = squareImage(side: 2, red: 1, green: 0.5, blue: 0)!
                let format = UIGraphicsImageRendererFormat()
                format.scale = 2
                let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { context in
                    context.cgContext.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                    UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 10)).fill()
                    orange.draw(at: CGPoint(x: 6, y: 6))
                }
                made.withLock { $0 = image }
                continuation.resume()
            }
        }
        let image = try #require(made.withLock { $0 })
        #expect(image.size == CGSize(width: 10, height: 10) && image.scale == 2)
        let pixels = try #require(image.cgImage?.image)
        #expect(pixels.size == PixelSize(width: 20, height: 20))
        #expect(pixels[4, 10] == RGBA8(0, 255, 0), "left half: the path's green")
        #expect(pixels[14, 14].isClose(to: RGBA8(255, 128, 0)), "the image's orange, \(pixels[14, 14])")
        #expect(pixels[18, 2] == RGBA8(0, 0, 0, 0), "right of the path, above the image: clear")
    }

    /// Eight threads share one 8 × 8 renderer at scale 1. Each sets its fill colour (red, green
    /// and blue on or off by the bits of its number: eight different colours, black and white
    /// included), then waits until all eight are inside their drawing (so all eight bitmaps are
    /// pushed at once), then fills its whole bitmap through `UIRectFill` and strokes a
    /// `UIBezierPath` round it in the same colour. Were the current context shared, the threads
    /// would fill each other's bitmaps; each image is its own colour everywhere.
    @Test func eightThreadsRenderAtOnceEachIntoItsOwnContext() throws {
        let count = 8
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8), format: format)
        let barrier = Barrier(count: count)
        let results = Locked<[Int: (image: UIImage, allArrived: Bool)]>([:])
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                var allArrived = false
                let image = renderer.image { context in
                    let color = CGColor(red: CGFloat(index & 1), green: CGFloat(index >> 1 & 1), blue: CGFloat(index >> 2 & 1), alpha: 1)
                    context.cgContext.setFillColor(color)
                    context.cgContext.setStrokeColor(color)
                    allArrived = barrier.arriveAndWait()
                    UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
                    let outline = UIBezierPath(rect: CGRect(x: 0.5, y: 0.5, width: 7, height: 7))
                    outline.stroke()
                }
                results.withLock { $0[index] = (image, allArrived) }
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 30) == .success)
        let made = results.withLock { $0 }
        #expect(made.count == count)
        for index in 0..<count {
            let result = try #require(made[index])
            #expect(result.allArrived, "thread \(index) drew while all eight bitmaps were pushed")
            let expected = RGBA8(UInt8(255 * (index & 1)), UInt8(255 * (index >> 1 & 1)), UInt8(255 * (index >> 2 & 1)))
            let pixels = try #require(result.image.cgImage?.image)
            for (x, y) in [(0, 0), (4, 4), (7, 7), (0, 7), (3, 0)] {
                #expect(pixels[x, y] == expected, "thread \(index) at (\(x), \(y)): \(pixels[x, y]), expected \(expected)")
            }
        }
    }

    /// While the main actor has an image context begun, a background thread has no current
    /// context and no current image context; one it begins there is its own, and the main
    /// actor's is still current when it returns.
    @MainActor @Test func aBackgroundThreadDoesNotSeeTheMainThreadsContext() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 1)
        defer { UIGraphicsEndImageContext() }
        let mainContext = try #require(UIGraphicsGetCurrentContext())
        let seen = onNewThread { () -> [Bool] in
            let before = [UIGraphicsGetCurrentContext() == nil, UIGraphicsGetImageFromCurrentImageContext() == nil]
            let own = squareImage(side: 3, red: 1, green: 0, blue: 0)
            return before + [own?.size == CGSize(width: 3, height: 3), UIGraphicsGetCurrentContext() == nil]
        }
        #expect(seen == [true, true, true, true], "nil, nil, its own 3 × 3 image, nil after it: \(seen)")
        #expect(UIGraphicsGetCurrentContext() === mainContext, "the main actor's context is still current")
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.size == CGSize(width: 2, height: 2))
    }

    /// "Wg" in the system font at 24 points, red, drawn with `NSString.draw(at:)` at (10, 8) on a
    /// background thread into a 100 × 50 image at scale 1: red ink inside the rectangle
    /// `size(withAttributes:)` gives from (10, 8), nothing outside it.
    @Test func textDrawnOnABackgroundThreadHasInkInItsRect() throws {
        let (image, size) = onNewThread { () -> (UIImage, CGSize) in
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 24), .foregroundColor: UIColor.red]
            let text: NSString = "Wg"
            let size = text.size(withAttributes: attributes)
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let image = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 50), format: format).image { _ in
                text.draw(at: CGPoint(x: 10, y: 8), withAttributes: attributes)
            }
            return (image, size)
        }
        #expect(size.width > 20 && size.height > 20, "two letters at 24 points: \(size)")
        let pixels = try #require(image.cgImage?.image)
        let rect = CGRect(origin: CGPoint(x: 10, y: 8), size: size).insetBy(dx: -1, dy: -1)
        var inside = 0, outside = 0, notRed = 0
        for y in 0..<50 {
            for x in 0..<100 where pixels[x, y].a > 0 {
                if rect.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) { inside += 1 } else { outside += 1 }
                if pixels[x, y].a == 255 && pixels[x, y] != RGBA8(255, 0, 0) { notRed += 1 }
            }
        }
        #expect(inside > 50, "ink inside the measured rect: \(inside) pixels")
        #expect(outside == 0, "ink outside it: \(outside) pixels")
        #expect(notRed == 0, "opaque ink that is not red: \(notRed) pixels")
    }

    /// `UIGraphicsEndImageContext()` on a thread with no image context begun does nothing: a
    /// context pushed there stays current, and the main actor's image context stays begun.
    @MainActor @Test func endingAnImageContextWithNoneBegunDoesNothing() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 1)
        defer { UIGraphicsEndImageContext() }
        let mainContext = try #require(UIGraphicsGetCurrentContext())
        let keptPushed = onNewThread { () -> Bool in
            UIGraphicsEndImageContext()  // nothing begun on this thread: nothing happens
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            var kept = false
            _ = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1), format: format).image { context in
                UIGraphicsEndImageContext()  // a renderer's bitmap is no image context
                kept = UIGraphicsGetCurrentContext() === context.cgContext
            }
            return kept && UIGraphicsGetCurrentContext() == nil
        }
        #expect(keptPushed, "the renderer's context stayed current through the stray end")
        #expect(UIGraphicsGetCurrentContext() === mainContext, "the main actor's image context is still current")
        #expect(UIGraphicsGetImageFromCurrentImageContext() != nil, "and still begun")
    }
}
