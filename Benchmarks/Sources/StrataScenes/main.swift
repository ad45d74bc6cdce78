// The benchmark scenes (fill, sprites, idle, damage, commit, animations, upload, deep tree), each
// against its raw-GL floor, as `strata bench` runs them:
//   swift run -c release StrataScenes [SCENE...] [--frames N] [--size WxH] [--json FILE]
// Prints the table; times are reported, never gated.
import Foundation
import StrataBench
import StrataCore

var scenes: [String] = []
var frames = 30, size = PixelSize(width: 1920, height: 1080), json: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--frames": frames = Int(arguments.popFirst() ?? "") ?? frames
    case "--size":
        let parts = (arguments.popFirst() ?? "").split(separator: "x").compactMap { Int($0) }
        if parts.count == 2 { size = PixelSize(width: parts[0], height: parts[1]) }
    case "--json": json = arguments.popFirst()
    default: scenes.append(argument)
    }
}
let report = try await BenchHarness.run(scenes: scenes, frames: frames, size: size, progress: BenchHarness.printProgress)
print(BenchHarness.table(report))
if let json { try BenchHarness.writeJSON(report, to: json) }
