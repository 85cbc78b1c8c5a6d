import MatterTLV

/// Field readers for Interaction Model messages and IBs, with `InteractionModelError`s that name the field.
typealias TLVFields = TLVFieldReader<InteractionModelError>

extension InteractionModelError: TLVFieldError {}
