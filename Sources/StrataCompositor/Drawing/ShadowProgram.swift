import StrataGL
import StrataShaders

/// The program that blurs a layer's picture into its shadow (`shadow.vert`, `shadow.frag`), with
/// its uniforms' locations. Compiled when the renderer starts, like the layer programs. Render
/// thread only.
final class ShadowProgram {
    let program: GLProgram
    let origin: Int32, offset: Int32, direction: Int32, sigma: Int32, radius: Int32, bounds: Int32, color: Int32

    init(context: GLContext) throws {
        let vs = ShaderSource.shadowVertex, fs = ShaderSource.shadowFragment
        program = try GLProgram(context: context, vertex: (vs.name, vs.text), fragment: (fs.name, fs.text))
        program.label("strata shadow program")
        program.use()
        context.gl.uniform1i(program.uniformLocation("u_texture"), 0)
        origin = program.uniformLocation("u_origin")
        offset = program.uniformLocation("u_offset")
        direction = program.uniformLocation("u_direction")
        sigma = program.uniformLocation("u_sigma")
        radius = program.uniformLocation("u_radius")
        bounds = program.uniformLocation("u_bounds")
        color = program.uniformLocation("u_color")
    }
}
