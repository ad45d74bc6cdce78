import ArgumentParser
import Foundation
import Logging

/// Options every subcommand takes: how much the library logs.
struct CommonOptions: ParsableArguments {
    @Option(help: "How much Strata logs to standard error: trace, debug, info, notice, warning, error or critical (default: STRATA_LOG_LEVEL, else warning).")
    var logLevel: LogLevel?

    /// Sends the library's swift-log messages to standard error at the chosen level, once.
    func bootstrap() throws {
        var level = Logger.Level.warning
        if let text = ProcessInfo.processInfo.environment["STRATA_LOG_LEVEL"], !text.isEmpty {
            guard let fromEnvironment = Logger.Level(rawValue: text) else {
                throw ValidationError(
                    "STRATA_LOG_LEVEL=\(text) is not a level; use one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            level = fromEnvironment
        }
        if let logLevel { level = logLevel.level }
        let chosen = level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = chosen
            return handler
        }
    }
}

/// `--log-level`, read: one of swift-log's level names.
struct LogLevel: ExpressibleByArgument {
    let level: Logger.Level
    init?(argument: String) {
        guard let level = Logger.Level(rawValue: argument) else { return nil }
        self.level = level
    }
    static var allValueStrings: [String] { Logger.Level.allCases.map(\.rawValue) }
}

/// Runs a subcommand's work; a failure is printed as one line a person reads —
/// `strata demo: /proc/x: No such file or directory` — and exits with status 1 (usage errors
/// exit 64 before any work, as swift-argument-parser does).
func runReadably(_ command: String, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        FileHandle.standardError.write(Data("strata \(command): \(readable(error))\n".utf8))
        throw ExitCode.failure
    }
}

/// An error as one line: a file error as its path and the system's reason, anything else as it
/// describes itself.
func readable(_ error: any Error) -> String {
    let ns = error as NSError
    if ns.domain == NSCocoaErrorDomain {
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path ?? "a file"
        if let underlying = (ns.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }), underlying.domain == NSPOSIXErrorDomain {
            return "\(path): \(String(cString: strerror(Int32(underlying.code))))"
        }
        return "\(path): \(ns.localizedDescription)"
    }
    return "\(error)"
}
