/// An object's address as UIKit and Core Animation print it in descriptions: `0x` and lowercase
/// hexadecimal.
package func objectAddress(_ object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
}
