// The operations of one part of the API; `Operations.all` lists every part.

extension Operations {
    /// Set my photo
    public static let setAvatar = APIOperation<FileUpload, UserView>(.PUT, "/v1/me/avatar", id: "setAvatar")
    /// Back to the stock avatar
    public static let removeAvatar = APIOperation<NoBody, UserView>(.DELETE, "/v1/me/avatar", id: "removeAvatar")
    /// A photo
    public static let getMedia = APIOperation<NoBody, RawAnswer>(.GET, "/v1/media/{address}", id: "getMedia", access: .open)
    /// A stock avatar
    public static let getStockAvatar = APIOperation<NoBody, RawAnswer>(.GET, "/v1/avatars/stock.svg", id: "getStockAvatar", access: .open)

    static let media: [OperationSpec] = [
        setAvatar.spec, removeAvatar.spec, getMedia.spec, getStockAvatar.spec,
    ]
}
