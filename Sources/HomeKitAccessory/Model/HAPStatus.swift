/// HAP's status codes for a characteristic's read, write or subscription (HAP R14 Table 6-11; HAP-python
/// `pyhap/const.py`).
public enum HAPStatus: Int, Hashable, Sendable, Error {
    case success = 0
    case insufficientPrivileges = -70401
    case unableToCommunicate = -70402
    case busy = -70403
    case readOnly = -70404
    case writeOnly = -70405
    case notificationNotSupported = -70406
    case outOfResources = -70407
    case timedOut = -70408
    case resourceDoesNotExist = -70409
    case invalidValue = -70410
    case insufficientAuthorization = -70411
}
