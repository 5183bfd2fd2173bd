import { createPrivateKey, createPublicKey, createVerify, generateKeyPairSync, X509Certificate } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AlipayProvider } from '../../../../src/modules/orders/payments/gateways/alipay.ts'
import { parseAlipayTime, parseAuthorization, parseWechatTime, signingString } from '@rpt/payment-sandbox'
import { alipayTime, wechatTime } from '../../../../src/modules/orders/payments/gateways/china-time.ts'
import { signedAnswerParts } from './sandbox-harness.ts'
import {
  authorizationHeader,
  decryptResource,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
} from '../../../../src/modules/orders/payments/gateways/wechatpay-protocol.ts'

// Fixed vectors published by the gateways or their official SDKs, so the
// signing, verification and decryption code is checked against someone
// else's bytes, not only against the payment sandbox (sandbox/). Each
// vector names where it comes from; every one was reproduced byte for byte.

/** 64-character lines between PEM armour, as the SDKs' bare base64 keys need. */
function pem(base64: string, label: string): string {
  return `-----BEGIN ${label}-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`
}

describe('WeChat Pay API v3: request signing (official guide)', () => {
  // https://pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_0.shtml (签名生成), worked example for GET /v3/certificates.
  const DOC_MESSAGE = 'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n'
  const DOC_SIGNATURE =
    'uOVRnA4qG/MNnYzdQxJanN+zU+lTgIcnU9BxGw5dKjK+VdEUz2FeIoC+D5sB/LN+nGzX3hfZg6r5wT1pl2ZobmIc6p0ldN7J6yDgUzbX8Uk3sD4a4eZVPTBvqNDoUqcYMlZ9uuDdCvNv4TM3c1WzsXUrExwVkI1XO5jCNbgDJ25nkT/c1gIFvqoogl7MdSFGc4W4xZsqCItnqbypR3RuGIlR9h9vlRsy7zJR9PBI83X8alLDIfR1ukt1P7tMnmogZ0cuDY8cZsd8ZlCgLadmvej58SLsIkVxFJ8XyUgx9FmutKSYTmYtWBZ0+tNvfGmbXU7cob8H/4nLBiCwIUFluw=='
  // Same page, "设置 HTTP 头": the Authorization header of that request (its private key is not published, so only the text is checked).
  const DOC_AUTHORIZATION = `WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="${DOC_SIGNATURE}",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"`

  it('builds the documented signing message', () => {
    expect(requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(DOC_MESSAGE)
  })

  it('builds and parses the documented Authorization header', () => {
    expect(
      authorizationHeader({
        mchid: '1900009191',
        nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
        signature: DOC_SIGNATURE,
        timestamp: '1554208460',
        serial: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      }),
    ).toBe(DOC_AUTHORIZATION)
    expect(parseAuthorization(DOC_AUTHORIZATION)).toEqual({
      mchid: '1900009191',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
      signature: DOC_SIGNATURE,
      timestamp: '1554208460',
      serial_no: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    })
  })

  it('builds the documented answer-verification message', () => {
    // https://pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_1.shtml (签名验证), "构造验签名串" for the GET /v3/certificates answer
    // (the page elides the ciphertext as "..."; only the message is published, not a key).
    const body =
      '{"data":[{"serial_no":"5157F09EFDC096DE15EBE81A47057A7232F1B8E1","effective_time":"2018-03-26T11:39:50+08:00","expire_time":"2023-03-25T11:39:50+08:00","encrypt_certificate":{"algorithm":"AEAD_AES_256_GCM","nonce":"4de73afd28b6","associated_data":"certificate","ciphertext":"..."}}]}'
    expect(responseMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', body)).toBe(
      `1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n${body}\n`,
    )
    // A 204 answer (a close) signs its empty body: the last line is empty but still ended.
    expect(responseMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '')).toBe('1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n\n')
  })
})

describe('SHA256withRSA (wechatpay-go)', () => {
  // wechatpay-apiv3/wechatpay-go core/auth/signers/sha256withrsa_signer_test.go: testPrivateKeyStr, testMessage "source",
  // testExpectedSignature. Stored, as there, under a TESTING KEY label so secret scanners leave it alone; it protects nothing.
  const KEY = `-----BEGIN TESTING KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END TESTING KEY-----`.replaceAll('TESTING KEY', 'PRIVATE KEY')
  const SIGNATURE =
    'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6' +
    'pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOh' +
    'uH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwf' +
    'LpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg=='

  it('signs "source" to the SDK\'s expected signature', () => {
    expect(rsaSign('source', KEY)).toBe(SIGNATURE)
    expect(rsaSign('source', createPrivateKey(KEY))).toBe(SIGNATURE)
  })

  it('verifies it with the public half, and refuses another message', () => {
    const publicKey = createPublicKey(KEY)
    expect(rsaVerify('source', SIGNATURE, publicKey)).toBe(true)
    expect(rsaVerify('sourcE', SIGNATURE, publicKey)).toBe(false)
    expect(rsaVerify('source', SIGNATURE, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey)).toBe(false)
  })
})

describe('AEAD_AES_256_GCM resources (wechatpay-java)', () => {
  // wechatpay-apiv3/wechatpay-java core/src/test/java/com/wechat/pay/java/core/model/TestConfig.java: API_V3_KEY.
  const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb'

  it("decrypts the SDK's cipher vector", () => {
    // core/src/test/java/com/wechat/pay/java/core/cipher/AeadAesCipherTest.java: MESSAGE, ASSOCIATED_DATA, NONCE, CIPHERTEXT.
    const resource = { ciphertext: 'ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI=', nonce: 'uluk4a9R25RW', associated_data: 'associatedData' }
    expect(decryptResource(API_V3_KEY, resource)).toBe('message')
    expect(() => decryptResource(API_V3_KEY, { ...resource, associated_data: 'associatedDatA' })).toThrow()
    expect(() => decryptResource(API_V3_KEY, { ...resource, nonce: 'uluk4a9R25RX' })).toThrow()
    expect(() => decryptResource('a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gc', resource)).toThrow()
  })

  it("decrypts the SDK's platform-certificate download to the certificate it names", () => {
    // TestConfig.java DOWNLOAD_CERTIFICATE_RESPONSE (encrypt_certificate: associated_data "certificate", nonce "14b16c03dc1b")
    // and DOWNLOAD_CERTIFICATE_SERIAL_NUMBER.
    const ciphertext = [
      'Mr/AxbvY+WL9hKlD5nIa03LOMPpn5f+CWeNxE4ujl0f5gXZ9XLJ9CldkArCOTsbU62XgKnTc3YvRMZQ7wCmE2fzwmAenAySTYsPms72JhggPWfdqVxri9YD5',
      'wBYKn8Ck0Fc5JIiVw9WlN2oxHBz83mRVsjoTGC5+cX1CdYqKuZ8pkvi0aCJIq07ZC8MHoTowUz+4jYJy9XeKqip83Z7BmUYxsePpNM+HtihBqTJIUYXJfX7C',
      'ol5X0ACsApRoU9l6swfW/kzvqNpDJavhDBGasLrr5822+Fk5nVkcTi53f8Wbue7ODWjJxj1yhRYcxFCvXLtpYNB+Qa1aXtrBSdBdBI2p7o+6Imn+auHLBCzk',
      'rZqF/yd+d4vTn4tqHPLUj89XcHsMf96uBo3T/HQV8LEDeIO+6YvOK9FrIDYsvp+imN4n/mnF7eJKo9mpN/QqWJiawrFpAmMMxFKBjIdpgMnVUl3Z11RcWKyf',
      'OJ3kcmItTWcnZFNyDgR9cS0aU6QPlefa3uUW89uzBuHjcFdDl43yU3LE4qZnHLDcDgx4qt0OFCLiy51GXtEpyYs5k99YJBvKK+RyIs4Yc1/smBmClQUhxW+8',
      'bsPNOcXfDvH2yX4YzESoO4TV0RqiCgnsSd4zIFyJPiMKIGzVHiw6Kg0eGCmB4mGHEEZCQ0eN3SSPO0QVjjtBYfgXDZfVHSaAB8PjWBVNFimoViZZQrwT6Ygo',
      '0LU0Dd8+F5aHFYr4OPHPslr3hrgutEYXDTv1vTA6ABJGqknJ9Y2vtyWpy7aIwxc0kQq/1ezjs+RMVL/LRpGDnbx1/CGPDjZhYgZypKa55+PDhoaQxqkF3xCL',
      'z2DGoNHZYmFqxzAOsAK0vJZw4VcAk6ssbA6YIaMuiemEpxfLC9ZiXtRqsX9s+GWjjtA8JywOFMO+NKZm9BH/E5YNg2DDD3sHG9Mciwn7yJ6sdf8h2lAWlEEx',
      'AOeiBNyshOHAQ0/S+x1ncWNiqY+Uh5n0rtonvePV2MsxVlEWR3AVHn1abcEWkzivd+G5kg7LYO0goqzGClcQfnFfZdO6KwcMXsBCnm9A1Bl4+k5LLokTIYH5',
      '/36SRIZ9j0CHGD77BQLE7x8AlNsoFS2m263tLLq78TFqvZUTIZIQcVIl+NInscS3xQbA38qqFqutCWIwoF1azuJ7woiJyMvnS3xzIpNzP+rzJ8VDXxjLjpEU',
      'BOC9WDs74+QMtsAdmh6g0KDclHEk8WJ4P2bnso4z3VCGoDT5X/0bS1C+jMZMKaOCNB21FZ08qgUHmKeDeg8ylENu+mh2Y/AaEDSGkGBHIfFbhMYO3uRxhk9h',
      'ldiHEnHgdkXiVAAUWk/IhtmGijibO/L76vB74Xpes973uK+2iFKgNBk8qTLLZZnuWbcMQuA6VsFULRb/C+q9B21YuAWPMzvgBwr4EX2m/OpF5w8Q0HL7v1H5',
      'H0mIGJbrjnklUPoBYrw30W3uk7yF0KE6sfMukafFx0S9rBOL0RykGDPwC0lHSNySkXDeM5XvDJ+dtHK+RDwhJR+azfrWAHGMtZcQ+YVamjWVmHxXM03j3GeC',
      'Xgqae1upwHzkPL5OwojcQ5MQi3Kv/1xtwY0cRN/yeZTOsXfujtqhkJj/Vltby4lnW4SCj4LjWQF19BY6zhzF4yybBA8bhhtoNP/zx8QkhHAkIROkK2ZVgfoc',
      'CAPvfQ+vSrsIBO+L5cmg6mzFn4g84lsHscgXnszIlzUrzx/4Tam0uwuS9J1gddZ0I0QUt9SJzfsoBCTU0OgNMUtXKS5HvgXe7abexMtFH5eulOsAuFZkQ5LY',
      'Ja/m4yHFInXzL/t3hjdTi2NmxUufvYzwIyffRTu5vS9vjscARD9lUQDHFQ/xgWe1i8EkRlrSfjlXt00+4//h2bcJKyTBT3IXwvKNsuY29V9/vU3HkvWKZ99z',
      'pSlmcZRuBa1BHbyPEvc0NlqIIoKidxqUvOR64MzudHhAjgWFP+IXojfhS3Gj9OJhBL7s',
    ].join('')
    const plaintext = decryptResource(API_V3_KEY, { ciphertext, nonce: '14b16c03dc1b', associated_data: 'certificate' })
    expect(plaintext.startsWith('-----BEGIN CERTIFICATE-----')).toBe(true)
    const certificate = new X509Certificate(plaintext)
    expect(certificate.serialNumber).toBe('5DEA10EF55877E3CF6C33255C2E7DEFFF7E427EC')
    expect(certificate.subject).toContain('CN=Tenpay.com sign')
  })
})

describe('Alipay RSA2 (alipay-sdk-nodejs-all)', () => {
  // alipay/alipay-sdk-nodejs-all test/alipay.test.ts, checkNotifySign › "verify sign should delete sign_type" ›
  // "with sign_type arguments verify success": a real trade_status_sync notification, its sign, and the Alipay
  // public key (notifyAlipayPublicKeyV1) that verifies it. fund_bill_list arrives as JSON text in the form.
  const ALIPAY_PUBLIC_KEY = pem(
    'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB',
    'PUBLIC KEY',
  )
  const NOTIFICATION: Record<string, string> = {
    gmt_create: '2019-08-15 15:56:22',
    charset: 'utf-8',
    seller_email: 'z97-yuquerevenue@service.aliyun.com',
    subject: '语雀空间 500人规模',
    sign: 'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==',
    buyer_id: '2088102534368455',
    invoice_amount: '0.10',
    notify_id: '2019081500222155624068450559358070',
    fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '0.10',
    buyer_pay_amount: '0.10',
    sign_type: 'RSA2',
    app_id: '2019073166072302',
    seller_id: '2088531891668739',
    gmt_payment: '2019-08-15 15:56:24',
    notify_time: '2019-08-15 15:56:25',
    version: '1.0',
    out_trade_no: '20190815155618536-564-57',
    total_amount: '0.10',
    trade_no: '2019081522001468450512505578',
    auth_app_id: '2019073166072302',
    buyer_logon_id: 'xud***@126.com',
    point_amount: '0.00',
  }

  it("the sandbox's signing string (sorted k=v&…, without sign and sign_type) is the one Alipay signed", () => {
    const content = signingString(NOTIFICATION, ['sign', 'sign_type'])
    expect(content.startsWith('app_id=2019073166072302&auth_app_id=2019073166072302&buyer_id=2088102534368455&')).toBe(true)
    expect(content.endsWith('&trade_status=TRADE_SUCCESS&version=1.0')).toBe(true)
    expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(ALIPAY_PUBLIC_KEY, NOTIFICATION.sign!, 'base64')).toBe(true)
  })

  it('the provider verifies the real notification as it arrives (form-encoded), and refuses it altered', async () => {
    const alipay = new AlipayProvider({
      appId: '2019073166072302',
      alipayPublicKey: ALIPAY_PUBLIC_KEY,
      privateKey: generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }).privateKey,
    })
    const form = (fields: Record<string, string>) => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      contentType: 'application/x-www-form-urlencoded',
      rawBody: new URLSearchParams(fields).toString(),
    })
    expect(alipay.recognizes(form(NOTIFICATION))).toBe(true)
    expect(await alipay.verify(form(NOTIFICATION))).toEqual({
      kind: 'payment',
      provider: 'alipay',
      orderNo: '20190815155618536-564-57',
      amount: 10,
      currency: 'CNY',
      appId: '2019073166072302',
      providerTradeNo: '2019081522001468450512505578',
      outcome: 'paid',
    })
    expect(await alipay.verify(form({ ...NOTIFICATION, total_amount: '1.00' }))).toBeUndefined()
    expect(await alipay.verify(form({ ...NOTIFICATION, out_trade_no: '20190815155618536-564-58' }))).toBeUndefined()
  })

  it("answers are signed over the response object's exact text", () => {
    // test/alipay.test.ts, checkResponseSign › "should work" (a live answer), with the SDK's test/fixtures/alipay-public-key.pem
    // at commit bf1c02613c993f9a0d7580818f4cbc1df031ac87 (the key that signed it; the fixture changed later).
    const publicKey = pem(
      'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAk7LzhmMa2c4qQd4fqAqenfbuFoA7stPKvoS1LrZEsVnOOGUUjwoa1oU9xsSPjcOWhIerU/VAN4J95GIAXx59ipcleIyfLn2FhHXPgLJpvo+b2jJFyn/1/DbeJDh+0yDVAOf50Z7HhI0mdUhFMkXlT7BU0ZMtJf/TmISFEfhDU/w6qFd6D42L97byAkq0K6LroglSVF24GqJEa7hSeUIkZWj7RasykXrc2uVJ1+ejkXE0LyPxa2AHykMGbJLf5SiZvaNzUZgnKIR36mLOHpQ/2JCXxhXZYUWHzy0kMH54JcUEeksFWBYLGvLjV1phbcUIc3Q76tIuqApY6E222OoZZQIDAQAB',
      'PUBLIC KEY',
    )
    const answer =
      '{"alipay_open_file_upload_response":{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"},"sign":"F+LDzpTNiavn7xVZPGuPCSSVRSmWzJGgtuji6tVELGEaqMaNj0jRKXUEr5nloZJBBmwEnddOyCjjepMmrTKTvoOqQ0Efxpr/R1iEeHTHVbb/Q8TTh6Up5gHJDkILdaWS2q1cWeQ6VT+HQY9P3WRXS7uhILHuDODIhpAyCu5KhWGt0rMCIG+Im6NODJP2oohtSCtmTFXg58HH587Z2y2bdbjzOxLvzD9IrU1imghXQ2S/Q+wMIvRk9on6cWnBLkrNvJKapA2ReNGWOwyuASvB9zDVzhMPbR+3mfRGkVDxsq5HYLjBKGskJMXHw0HuugZij6ScRuaLPODhmHwr/pJ9yw=="}'
    const { content, sign } = signedAnswerParts(answer, 'alipay_open_file_upload_response')
    expect(content).toBe('{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"}')
    expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, sign, 'base64')).toBe(true)
  })
})

describe('documented time formats', () => {
  it('Alipay timestamp / time_expire: yyyy-MM-dd HH:mm:ss in China time (common request parameters example)', () => {
    // Alipay's common request parameters, timestamp 示例值 2014-07-24 03:07:50, as on https://help.aliyun.com/document_detail/2978201.html (trade.close).
    expect(parseAlipayTime('2014-07-24 03:07:50')).toEqual(new Date('2014-07-23T19:07:50Z'))
    expect(alipayTime(new Date('2014-07-23T19:07:50Z'))).toBe('2014-07-24 03:07:50')
  })

  it('WeChat time_expire: RFC 3339 (Native order example)', () => {
    // https://pay.weixin.qq.com/doc/v3/merchant/4012525171 (Native下单), time_expire: 示例 2015-05-20T13:29:35+08:00 表示北京时间2015年5月20日13点29分35秒.
    expect(parseWechatTime('2015-05-20T13:29:35+08:00')).toEqual(new Date('2015-05-20T05:29:35Z'))
    expect(wechatTime(new Date('2015-05-20T05:29:35Z'))).toBe('2015-05-20T13:29:35+08:00')
  })
})
