/// Strata's version: the one source the command line (`strata --version`, `strata info`, bench
/// JSON) and the C library (`strata_version()`) read.
public enum StrataVersion {
    /// The release, as semantic versioning writes it.
    public static let current = "0.8.0"
}
