/// A weak reference, for lists that must not keep their elements alive.
package struct Weak<Object: AnyObject> {
    package weak var object: Object?
    package init(_ object: Object) { self.object = object }
}
