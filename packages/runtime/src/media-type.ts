/**
 * The essence of a media type (RFC 9110 §8.3.1): `type/subtype`, lowercase, without parameters.
 * One reading for the client, the mock, the stream readers and zapgen's generator, so that
 * `Application/JSON; charset=utf-8` is the same media type to all of them.
 */
export function mediaTypeEssence(mediaType: string | null | undefined): string {
  return (mediaType ?? '').split(';')[0]!.trim().toLowerCase();
}
