import ArgumentParser
import Foundation
import StrataPort

/// `strata-port` (run as `strata port`): ports UIKit source files for Strata.
@main
struct StrataPortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata port",
        abstract: "Rewrite UIKit sources so that they compile against Strata.",
        discussion: """
            Each Swift file given (folders are searched for .swift files) is parsed with \
            swift-syntax and rewritten: `import UIKit` becomes `import Strata`, `#selector(tapped)` \
            given as an action becomes the method reference Strata's target-action takes \
            (`ViewController.tapped`), and `@objc`, `@IBAction`, `@IBOutlet` and the like go. \
            What cannot be rewritten without knowing the program is left as it is and listed with \
            its file and line. A file that needs nothing is left byte for byte. Exits with 1 when \
            something was left to port by hand, 0 otherwise.
            """)

    @Argument(help: "Swift files, or folders to search for them.")
    var paths: [String]

    @Option(help: "Write the ported files into this folder (by their paths under the folder given, or their names) instead of in place.")
    var out: String?

    @Flag(help: "Print a unified diff of each changed file.")
    var diff = false

    mutating func run() throws {
        var leftToPort = 0, changedFiles = 0, files = 0
        for (file, relative) in try Self.swiftFiles(paths) {
            files += 1
            let original: String
            do {
                original = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw ValidationError("\(file): cannot be read as UTF-8 text (\(error.localizedDescription))")
            }
            let report = UIKitPort.port(original)
            let destination = out.map { (($0 as NSString).appendingPathComponent(relative)) } ?? file
            if report.text != original || out != nil {
                do {
                    try FileManager.default.createDirectory(
                        atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try report.text.write(toFile: destination, atomically: true, encoding: .utf8)
                } catch {
                    throw ValidationError("\(destination): cannot be written (\(error.localizedDescription)); nothing else was changed in it")
                }
            }
            if report.text != original {
                changedFiles += 1
                if diff { print(try Self.unifiedDiff(original, report.text, name: file), terminator: "") }
            }
            for change in report.changes { print("\(file):\(change.line):\(change.column): changed: \(change.message)") }
            for left in report.unresolved { print("\(file):\(left.line):\(left.column): not ported: \(left.message)") }
            leftToPort += report.unresolved.count
        }
        print("strata port: \(files) file\(files == 1 ? "" : "s"), \(changedFiles) changed, \(leftToPort) thing\(leftToPort == 1 ? "" : "s") to port by hand")
        if leftToPort > 0 { throw ExitCode(1) }
    }

    /// The Swift files `paths` name, each with the path it keeps under `--out`: a file given
    /// directly keeps its name, a file found in a folder its path under that folder.
    static func swiftFiles(_ paths: [String]) throws -> [(file: String, relative: String)] {
        var result: [(String, String)] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ValidationError("\(path): no such file or folder")
            }
            guard isFolder.boolValue else {
                result.append((path, (path as NSString).lastPathComponent))
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
            result += found.map { ((path as NSString).appendingPathComponent($0), $0) }
        }
        return result
    }

    /// `diff -u` of the two texts, labelled with `name`.
    static func unifiedDiff(_ old: String, _ new: String, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-port-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        try old.write(to: a, atomically: true, encoding: .utf8)
        try new.write(to: b, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-u", "--label", "a/\(name)", "--label", "b/\(name)", a.path, b.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
