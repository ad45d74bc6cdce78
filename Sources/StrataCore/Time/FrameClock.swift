/// Where frame times come from.
///
/// `.virtual` steps a fixed amount per frame, so the same input gives the same pixels (tests,
/// offscreen renders, benchmarks); `.monotonic` reads the system's monotonic clock for live output.
public enum FrameClock: Hashable, Sendable {
    /// Frame `n` is at `start + n × step` seconds.
    case virtual(start: Double, step: Double)
    /// Frames are at the monotonic clock's time when they start, in seconds.
    case monotonic

    /// A virtual clock at 60 frames per second, starting at 0.
    public static let virtual60 = FrameClock.virtual(start: 0, step: 1.0 / 60.0)

    /// The time of frame `index`, in seconds. For `.monotonic`, the current monotonic time.
    public func time(ofFrame index: Int) -> Double {
        switch self {
        case .virtual(let start, let step):
            return start + Double(index) * step
        case .monotonic:
            return MonotonicTime.now()
        }
    }
}

/// Reads the system's monotonic clock.
public enum MonotonicTime {
    /// Seconds since an arbitrary fixed point; never goes backwards.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Reads the CPU time the calling thread has used.
public enum ThreadCPUTime {
    /// Seconds of CPU the calling thread has run, since it started.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// What one frame cost and did, measured on the render thread.
public struct FrameStatistics: Hashable, Sendable {
    /// The frame's number, counting from 0 for the compositor's first frame.
    public var index: Int
    /// The frame's time on the compositor's frame clock, in seconds.
    public var time: Double
    /// Render-thread CPU wall time spent on the frame (commit application excluded), in milliseconds.
    public var renderMilliseconds: Double
    /// Time spent reading pixels back, in milliseconds (0 when nothing was read back).
    public var readbackMilliseconds: Double
    /// Layers drawn (background, contents or border).
    public var layersDrawn: Int
    /// Layers the frame's walk visited to place them and find what changed (a layer visited by
    /// both walks of a frame in which covered layers woke counts twice; a replayed frame has no
    /// walk: 0). Hidden layers that painted nothing, leaves painting nothing on the target and
    /// leaves hidden under an opaque layer rest: they are not visited while they, their
    /// superlayer's space and what covers them stay unchanged, so this follows what is shown,
    /// not the tree's size.
    public var layersVisited: Int = 0
    /// Draw calls issued, clip masks and group composites included.
    public var drawCalls: Int
    /// Offscreen passes for group opacity.
    public var offscreenPasses: Int
    /// Render-thread CPU time spent evaluating animations (thread CPU clock), in milliseconds.
    public var animationMilliseconds: Double = 0
    /// Layers with running animations in this frame.
    public var animatedLayers: Int = 0
    /// Texture binds issued.
    public var textureBinds: Int = 0
    /// Render-thread CPU time spent walking the tree and issuing GL commands (thread CPU clock,
    /// not waiting for the GPU), in milliseconds.
    public var issueMilliseconds: Double = 0
    /// Whether the frame was drawn: false when nothing changed since the last frame of the same
    /// size and clear colour and no animation ran, so the target was left as it was (no GL draw).
    public var redrawn = true
    /// Whether the frame was drawn by issuing the last frame's draw calls again, without walking
    /// the tree: nothing changed since a frame drawn whole into a target of the same size, and the
    /// target had to be drawn whole again (a host's framebuffer, every frame).
    public var replayed = false
    /// Pixels of the target redrawn (the damaged region's area; 0 when nothing was).
    public var redrawnPixels = 0
    /// Bytes of layer contents uploaded to textures for this frame (the pixels the commits applied
    /// since the previous frame carried; an atlas's repeated edge pixels are not counted).
    public var uploadedBytes = 0
    /// Render-thread wall time those uploads took (`glTexSubImage2D`), in milliseconds.
    public var uploadMilliseconds: Double = 0
    /// How many (non-empty) commits the render side had received when it drew the frame, applied
    /// or refused: animations of those commits that begin at their first frame began at this
    /// frame's time or before (how the model learns the render side's clock).
    public var commitsReceived = 0
    /// GPU time the frame's drawing took, from a timer query (`GL_EXT_disjoint_timer_query`), in
    /// milliseconds; nil where the driver has none, when nothing was drawn, or when the GPU
    /// reported a disjoint interval.
    public var gpuMilliseconds: Double?
    /// What the frame showed of the properties whose animations ask for it
    /// (`LayerAnimation.reportsShownValue`), in the order the layers run animations; empty when
    /// none does (a `RecordingCommitSink` evaluates no animation and reports none).
    public var shownValues: [ShownValue] = []
    /// The area, in square points of each layer's own bounds space, that the frame showed of
    /// layers' bounds beyond what their owners had laid out (`CommitOperation.setPreparedContent`):
    /// a list the render side scrolled on while the main thread was busy shows its background
    /// there (Chromium calls it checkerboarding). 0 when the model keeps up.
    public var checkerboardArea: Double = 0

    /// Creates frame statistics.
    public init(
        index: Int, time: Double, renderMilliseconds: Double = 0, readbackMilliseconds: Double = 0,
        layersDrawn: Int = 0, drawCalls: Int = 0, offscreenPasses: Int = 0
    ) {
        self.index = index
        self.time = time
        self.renderMilliseconds = renderMilliseconds
        self.readbackMilliseconds = readbackMilliseconds
        self.layersDrawn = layersDrawn
        self.drawCalls = drawCalls
        self.offscreenPasses = offscreenPasses
    }
}

/// A property's value as a frame showed it, for an animation that asks the render side to report
/// it (`LayerAnimation.reportsShownValue`). A plain value.
public struct ShownValue: Hashable, Sendable {
    /// The layer.
    public var layer: LayerID
    /// The animation's group.
    public var group: UInt64
    /// The property and the value shown.
    public var property: LayerProperty

    /// A value shown for `layer`'s animation of `group`.
    public init(layer: LayerID, group: UInt64, property: LayerProperty) {
        (self.layer, self.group, self.property) = (layer, group, property)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
