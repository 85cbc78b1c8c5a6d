import MatterTLV

/// Constants of the Interaction Model that every message shares.
public enum InteractionModel {
    /// The Interaction Model revision this node speaks: 12, Matter 1.4's (matter.js
    /// `packages/model/src/common/Specification.ts` `INTERACTION_MODEL_REVISION`).
    public static let revision: UInt8 = 12

    /// The context tag of InteractionModelRevision in every message (CHIP `src/app/MessageDef/MessageBuilder.cpp`,
    /// `kInteractionModelRevisionTag`).
    public static let revisionTag: UInt8 = 0xFF

    /// The InteractionModelRevision element that ends every message this node sends.
    static var revisionElement: TLVElement {
        TLVElement(tag: .context(revisionTag), .unsigned(UInt64(revision)))
    }

    /// A message's InteractionModelRevision member, if it has one.
    static func revisionMember(_ revision: UInt8?) -> [TLVElement] {
        revision.map { [TLVElement(tag: .context(revisionTag), .unsigned(UInt64($0)))] } ?? []
    }
}
