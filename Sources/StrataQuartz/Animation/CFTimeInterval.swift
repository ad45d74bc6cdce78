import Foundation
import StrataGraphics

/// A time interval in seconds, as Core Foundation names it.
public typealias CFTimeInterval = Double
