import StrataGraphics

/// Lets go of the children of a view or layer being freed (`children`, taken out of it) so that a
/// deep tree is freed in this loop rather than one nested `deinit` per level (a chain 100,000
/// deep would run out of stack): each child is first orphaned (`clearParent`, its way back), and one that nothing else holds is emptied before it goes, its own children taken on
/// here. Children held elsewhere live on, orphaned, with their subtrees, and are passed to
/// `survives` (to bring what they inherited from the parent up to date). Main actor.
@MainActor
package func releaseChildren<Node: AnyObject>(
    _ children: inout [Node], of key: ReferenceWritableKeyPath<Node, [Node]>, clearParent: (Node) -> Void,
    survives: (Node) -> Void = { _ in }
) {
    for child in children { clearParent(child) }
    while var node = children.popLast() {
        guard isKnownUniquelyReferenced(&node) else {
            survives(node)
            continue
        }
        for child in node[keyPath: key] { clearParent(child) }
        children.append(contentsOf: node[keyPath: key])
        node[keyPath: key] = []
    }
}
