// What `import Strata` brings besides the UIKit-shaped model: Foundation (as `import UIKit` does,
// so `CGRect`, `Date` or `URL` need no import of their own), Core Graphics and ImageIO
// (StrataGraphics: `CGContext`, `CGPath`, `CGImage`, `CGColor`, the image codecs), Core
// Animation (StrataQuartz: `CALayer`, `CAAnimation`, `CATransaction`, `CAContext`), the compositor a screen draws with,
// its configuration and frames, the commit sinks a screen can talk to (`CommitSink`, and
// `RecordingCommitSink` for models run with no GPU), the image type frames are read back into,
// and why an event script could not be read (`EventScriptError`, thrown by `EventScript`).
@_exported import Foundation
@_exported import StrataGraphics
@_exported import StrataQuartz
@_exported import class StrataCompositor.Compositor
@_exported import protocol StrataCompositor.CommitSink
@_exported import class StrataCompositor.RecordingCommitSink
@_exported import struct StrataCompositor.CompositorConfiguration
@_exported import struct StrataCompositor.RenderedFrame
@_exported import enum StrataCompositor.CompositorError
@_exported import struct StrataCore.RGBAImage
@_exported import struct StrataCore.RGBA8
@_exported import struct StrataCore.PixelSize
@_exported import struct StrataCore.FrameStatistics
@_exported import enum StrataCore.FrameClock
@_exported import enum StrataCore.EventScriptError
