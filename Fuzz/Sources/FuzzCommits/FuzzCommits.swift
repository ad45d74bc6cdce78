import Dispatch
import Foundation
import FuzzSupport
import StrataCompositor
import StrataCore

/// The compositor every input is sent to (made once: making one per input would measure EGL).
nonisolated(unsafe) let compositor = try! Compositor()
let ids = (1...8).map { LayerID(rawValue: 9_000_000 + UInt64($0)) }

/// Runs `body` to completion from libFuzzer's synchronous callback.
func blocking(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await body()
        done.signal()
    }
    done.wait()
}

/// libFuzzer's entry: the bytes as commits of operations on eight layer ids, each validated and
/// submitted, with a small frame drawn after each. Refusals (`CommitError`, GL errors for
/// refused contents) are expected; a crash, trap or hang is a defect.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommits(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    var input = FuzzBytes(Array(UnsafeBufferPointer(start: start, count: count)))
    var commits: [Commit] = [Commit([.removeAllLayers])]
    while !input.isEmpty, commits.count < 16 {
        var commit = Commit()
        for _ in 0..<(1 + input.choice(8)) {
            let id = ids[input.choice(ids.count)], other = ids[input.choice(ids.count)]
            switch input.choice(12) {
            case 0: commit.append(.createLayer(id))
            case 1: commit.append(.destroyLayer(id))
            case 2: commit.append(.setRoot(input.choice(4) == 0 ? nil : id))
            case 3: commit.append(.insertSublayer(id, parent: other, index: input.choice(3) == 0 ? nil : Int(Int8(bitPattern: input.byte()))))
            case 4: commit.append(.removeFromSuperlayer(id))
            case 5: commit.set(id, .bounds(Rect(x: input.double(), y: input.double(), width: input.double(), height: input.double())))
            case 6: commit.set(id, .position(Point(x: input.double(), y: input.double())))
            case 7:
                var t = Transform3D.identity
                t.m11 = input.double(); t.m22 = input.double(); t.m34 = input.double(); t.m41 = input.double()
                commit.set(id, input.choice(2) == 0 ? .transform(t) : .sublayerTransform(t))
            case 8:
                switch input.choice(6) {
                case 0: commit.set(id, .opacity(input.float()))
                case 1: commit.set(id, .cornerRadius(input.double()))
                case 2: commit.set(id, .borderWidth(input.double()))
                case 3: commit.set(id, .masksToBounds(input.choice(2) == 0))
                case 4: commit.set(id, .backgroundColor(Color(red: input.float(), green: input.float(), blue: input.float(), alpha: input.float())))
                default: commit.set(id, .zPosition(input.double()))
                }
            case 9:
                let w = input.choice(40), h = input.choice(40)
                let bytes = input.choice(4) == 0 ? input.choice(64) : w * h * 4
                commit.append(.setContents(id, ContentsUpdate(size: PixelSize(width: w, height: h), pixels: [UInt8](repeating: input.byte(), count: bytes))))
            case 10:
                let animation = LayerAnimation(
                    kind: .absolute(from: .opacity(input.float()), to: .opacity(input.float())), curve: .linear, beginTime: input.double(),
                    duration: input.double(), repeatCount: input.double(), autoreverses: input.choice(2) == 0)
                commit.append(.addAnimation(id, animation))
            default: commit.append(.removeAllLayers)
            }
        }
        commits.append(commit)
    }
    let batch = commits
    blocking {
        for commit in batch {
            do {
                try commit.validate()
                try compositor.submit(commit)
                _ = try await compositor.renderFrame(size: PixelSize(width: 16, height: 16), readBack: false)
            } catch {
                // Refused: the next commit goes on from the tree as it was.
            }
        }
    }
    return 0
}

/// The program's entry: libFuzzer with `fuzzCommits` as the function under test.
@_cdecl("FuzzCommits_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzCommits)
}
