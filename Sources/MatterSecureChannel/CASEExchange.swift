/// Which exchange a CASE message travels on, as the transport owner identifies it.
///
/// Sigma messages travel on the unsecured session like PASE's (Matter reference §5), so they are told apart the
/// same way: the initiator's ephemeral source node ID and the exchange ID.
public typealias CASEExchange = PASEExchange
