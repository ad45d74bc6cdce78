// Frame cost of the compositor against a floor: the same quads drawn by the simplest raw GL code
// in the same process, on the same GPU, interleaved round by round so machine noise hits both.
// Prints medians and the ratio; times are reported, never gated.
import Foundation
import StrataCompositor
import StrataCore
import StrataGL

nonisolated let size = PixelSize(width: 1280, height: 720)
let layerCount = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 200
nonisolated let rounds = 7, framesPerRound = 10

/// The scene: `layerCount` 64×64 layers, each rotated, at opacity 0.8, at seeded random positions.
struct Sprite: Sendable { var x, y, angle: Double; var color: Color }
func makeSprites(_ count: Int) -> [Sprite] {
    var seed: UInt64 = 0x5EED
    func next() -> Double {   // xorshift: the same scene on every run
        seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
        return Double(seed % 1_000_000) / 1_000_000
    }
    return (0..<count).map { _ in
        Sprite(x: next() * 1280, y: next() * 720, angle: next() * 2 * .pi,
               color: Color(red: Float(next()), green: Float(next()), blue: Float(next())))
    }
}
let sprites = makeSprites(layerCount)
nonisolated func spriteMatrix(_ s: Sprite) -> Transform3D {
    Transform3D(translationX: -32, y: -32)
        .concatenating(Transform3D(rotationAngle: s.angle, x: 0, y: 0, z: 1))
        .concatenating(Transform3D(translationX: s.x, y: s.y))
}

// MARK: Strata

let compositor = try Compositor()
var commit = Commit()
let root = LayerID.make()
commit.append(.createLayer(root))
commit.append(.setRoot(root))
commit.set(root, .bounds(Rect(x: 0, y: 0, width: 1280, height: 720)))
commit.set(root, .position(Point(x: 640, y: 360)))
commit.set(root, .backgroundColor(.white))
for s in sprites {
    let id = LayerID.make()
    commit.append(.createLayer(id))
    commit.append(.insertSublayer(id, parent: root, index: nil))
    commit.set(id, .bounds(Rect(x: 0, y: 0, width: 64, height: 64)))
    commit.set(id, .position(Point(x: s.x, y: s.y)))
    commit.set(id, .transform(Transform3D(rotationAngle: s.angle, x: 0, y: 0, z: 1)))
    commit.set(id, .opacity(0.8))
    commit.set(id, .backgroundColor(s.color))
}
try compositor.submit(commit)

func strataRound() async throws -> [Double] {
    var times: [Double] = []
    for _ in 0..<framesPerRound {
        times.append(try await compositor.renderFrame(size: size, clearColor: .white, readBack: false).statistics.renderMilliseconds)
    }
    return times
}

// MARK: Floor: raw GL on a thread of its own

final class Floor: @unchecked Sendable {
    let sprites: [Sprite]
    init(sprites: [Sprite]) { self.sprites = sprites }
    let condition = NSCondition()
    var request = 0, done = 0
    var times: [Double] = []

    func start() {
        let thread = Thread { [self] in
            let context = try! GLContext(connection: EGLConnection.open())
            let program = try! GLProgram(context: context, vertex: ("floor.vert", """
                #version 300 es
                layout(location = 0) in vec2 a_unit;
                uniform mat4 u_matrix;
                void main() { gl_Position = u_matrix * vec4(a_unit * 64.0, 0.0, 1.0); }
                """), fragment: ("floor.frag", """
                #version 300 es
                precision mediump float;
                uniform vec4 u_color;
                out vec4 o_color;
                void main() { o_color = u_color; }
                """))
            let target = try! GLFramebuffer(context: context, width: size.width, height: size.height)
            let vao = GLVertexArray(context: context)
            let quad = GLBuffer(context: context, bytes: [0, 0, 1, 0, 0, 1, 1, 1])
            glEnableVertexAttribArray(0)
            glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
            let projection = Transform3D(
                m11: 2 / 1280, m12: 0, m13: 0, m14: 0, m21: 0, m22: 2 / 720, m23: 0, m24: 0,
                m31: 0, m32: 0, m33: 0, m34: 0, m41: -1, m42: -1, m43: 0, m44: 1)
            let matrices = sprites.map { spriteMatrix($0).concatenating(projection).entries.map(Float.init) }
            let uMatrix = program.uniformLocation("u_matrix"), uColor = program.uniformLocation("u_color")
            while true {
                condition.lock()
                while request == done { condition.wait() }
                condition.unlock()
                var round: [Double] = []
                for _ in 0..<framesPerRound {
                    let start = MonotonicTime.now()
                    target.bind()
                    glViewport(0, 0, 1280, 720)
                    glEnable(GLenum(GL_BLEND))
                    glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
                    glClearColor(1, 1, 1, 1)
                    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                    program.use()
                    vao.bind()
                    for (s, m) in zip(sprites, matrices) {
                        m.withUnsafeBufferPointer { glUniformMatrix4fv(uMatrix, 1, GLboolean(GL_FALSE), $0.baseAddress) }
                        let c = s.color.premultiplied * 0.8
                        glUniform4f(uColor, c.x, c.y, c.z, c.w)
                        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
                    }
                    glFinish()
                    round.append((MonotonicTime.now() - start) * 1000)
                }
                condition.lock()
                times += round
                done += 1
                condition.broadcast()
                condition.unlock()
                _ = quad
            }
        }
        thread.start()
    }

    func reset() {
        condition.withLock { times = [] }
    }

    func runRound() {
        condition.lock()
        request += 1
        condition.broadcast()
        while done < request { condition.wait() }
        condition.unlock()
    }
}

let floor = Floor(sprites: sprites)
floor.start()

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

var strataTimes: [Double] = []
_ = try await strataRound()   // warm-up: textures, pools and shader variants
floor.runRound()
floor.reset()
for _ in 0..<rounds {
    strataTimes += try await strataRound()
    floor.runRound()
}
let s = median(strataTimes), f = median(floor.times)
print(String(format: "sprites(%d layers, 64×64, rotated, opacity 0.8) at %@: strata %.2f ms/frame, raw GL floor %.2f ms/frame, ratio %.2f (medians of %d frames; %@)",
             layerCount, "\(size)", s, f, s / f, rounds * framesPerRound, compositor.gpu.renderer))
await compositor.shutdown()
exit(0)
