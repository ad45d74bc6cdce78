import ArgumentParser
import Foundation

/// `strata port`: runs `strata-port`, the program of `Tools/Port` that rewrites UIKit sources
/// with swift-syntax (a package of its own, so that building Strata does not build a Swift
/// parser). It is looked for beside this program, then on `PATH`.
struct Port: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite UIKit sources for Strata: import UIKit, #selector and @objc (runs strata-port).",
        discussion: """
            strata port FILE|FOLDER... [--out FOLDER] [--diff] rewrites each Swift file so that it \
            compiles against Strata: `import UIKit` becomes `import Strata`, `#selector(tapped)` \
            given as an action becomes `ViewController.tapped`, `@objc`, `@IBAction` and \
            `@IBOutlet` go; what needs the programmer is listed with its file and line. \
            `strata-port --help` lists its options.
            """)

    @Argument(parsing: .allUnrecognized, help: "Files or folders, and strata-port's options.")
    var arguments: [String] = []

    func run() throws {
        guard let program = Self.portProgram() else {
            throw ValidationError(
                "strata port needs the strata-port program beside strata or on PATH: bash scripts/setup.sh install installs both, or build it with swift build --package-path Tools/Port"
            )
        }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        throw ValidationError("strata port: \(program) could not be started: \(String(cString: strerror(errno)))")
    }

    /// `strata-port` beside this program (as the install puts them), else the first on `PATH`.
    static func portProgram() -> String? {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let folders = [own.path] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.map { ($0 as NSString).appendingPathComponent("strata-port") }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
