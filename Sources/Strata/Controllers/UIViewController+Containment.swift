import Foundation

extension UIViewController {
    /// The controller's container; nil for a root, presented or free controller.
    public var parent: UIViewController? { _parent }

    /// The controller's children, in the order they were added.
    public var children: [UIViewController] { _children }

    /// The farthest ancestor through `parent`: the controller that presents for this one and
    /// whose presentation links answer `presentedViewController` and `presentingViewController`.
    var presentationContext: UIViewController {
        var top = self
        while let p = top._parent { top = p }
        return top
    }

    /// The nearest of this controller's ancestors (its `parent`s) that is a `T`, nil when none is:
    /// what `navigationController` and `tabBarController` answer.
    func nearestAncestor<T: UIViewController>(_: T.Type) -> T? {
        var controller = _parent
        while let c = controller {
            if let found = c as? T { return found }
            controller = c._parent
        }
        return nil
    }

    func addChildController(_ child: UIViewController) {
        precondition(
            child !== self,
            "UIViewController.addChild: \(self) cannot be its own child; the controller hierarchy is unchanged")
        var ancestor: UIViewController? = self
        while let a = ancestor {
            precondition(
                a !== child,
                "UIViewController.addChild: \(child) is an ancestor of \(self), so it cannot become its child (that would make a cycle); the controller hierarchy is unchanged")
            ancestor = a._parent
        }
        precondition(
            child._presenting == nil,
            "UIViewController.addChild: \(child) is presented by \(child._presenting!); dismiss it before making it a child of \(self)")
        precondition(
            !child.isPlaced,
            "UIViewController.addChild: \(child) is a window's rootViewController; take it out of the window before making it a child of \(self)")
        child.isMovingToParent = true
        child.willMove(toParent: self)
        if let old = child._parent { old._children.removeAll { $0 === child } }
        child._parent = self
        _children.append(child)
    }

    /// Makes `list` this container's children, in its order (a container's `setViewControllers`):
    /// controllers leaving hear `willMove(toParent: nil)` now, new ones are added (`addChild`).
    /// Leaving controllers stay children in all but the list (their parent is this one) until
    /// the change is over: call the returned `finish` then, which removes them and tells the new
    /// ones `didMove(toParent:)`. `caller` names the container's method in trap messages.
    /// - Precondition: no controller is in the list twice, and none is another container's child.
    func replaceChildren(with list: [UIViewController], caller: String) -> (leaving: [UIViewController], finish: @MainActor () -> Void) {
        precondition(
            Set(list.map(ObjectIdentifier.init)).count == list.count,
            "\(caller): a view controller is in the list more than once; each may be there once")
        for controller in list {
            precondition(
                controller.parent == nil || controller.parent === self,
                "\(caller): \(controller) is a child of \(controller.parent!); remove it from its parent first")
        }
        let leaving = _children.filter { child in !list.contains { $0 === child } }
        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in list where controller.parent !== self { addChild(controller) }
        _children = list
        return (
            leaving,
            { [weak self] in
                for controller in leaving { controller.removeFromParent() }
                for controller in list where controller.isMovingToParent { controller.didMove(toParent: self) }
            }
        )
    }

    func removeFromParentController() {
        guard let parent = _parent else { return }
        parent._children.removeAll { $0 === self }
        _parent = nil
        isMovingToParent = false
        isMovingFromParent = false
        didMove(toParent: nil)
    }
}
