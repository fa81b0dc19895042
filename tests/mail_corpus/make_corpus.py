#!/usr/bin/env python3
"""Writes the real-client shaped mails of tests/mail_corpus/ (run from this folder).

Each mail is built by hand in the shape its client sends it (headers, boundaries, charsets,
transfer encodings), from Stark's player a@x.example with the secret `stark-s`, during the
placement step. What each must give is in expected.toml; tests/mail_corpus.rs checks it."""
import base64, quopri

DATE = "Wed, 25 Nov 2026 20:45:00 +0800"
TO = "referee@test.maester"
ORDERS_ZH = "临冬城 行军+1\n白港 支援"
REPORT_QUOTE = "第1回合 放置命令\n请在截止时间前发送命令。\n临冬城 行军+1 (示例)"


def crlf(s):
    return s.replace("\r\n", "\n").replace("\n", "\r\n")


def b64(text, charset):
    data = base64.b64encode(text.encode(charset)).decode()
    return "\r\n".join(data[i:i + 76] for i in range(0, len(data), 76))


def qp(text, charset):
    return quopri.encodestring(crlf(text).encode(charset)).decode()


def ew(text, charset):
    return "=?%s?B?%s?=" % (charset, base64.b64encode(text.encode(charset)).decode())


def write(name, headers, body):
    # Bodies are ASCII, or 8-bit bytes carried as latin-1 characters.
    raw = (crlf(headers).rstrip("\r\n") + "\r\n\r\n").encode("ascii") + body.encode("latin-1")
    with open(name, "wb") as f:
        f.write(raw)


def head(mid, subject, mailer, extra=""):
    return (f"From: {ew('北境之王', 'utf-8')} <a@x.example>\nTo: {TO}\nSubject: {subject}\n"
            f"Date: {DATE}\nMessage-ID: <{mid}>\nMIME-Version: 1.0\n{mailer}{extra}")


# Foxmail: GBK base64 alternative, the address line Foxmail signs with, a greeting.
text = f"GM你好，\n\n密码: stark-s\n{ORDERS_ZH}\n\n\n\nTheon@foxmail.com\n"
html = ("<html><body><div>GM你好，</div><div><br></div><div>密码: stark-s</div>"
        "<div>临冬城 行军+1</div><div>白港 支援</div><div><br></div><hr style=\"width:210px\" align=\"left\">"
        "<div><span>Theon@foxmail.com</span></div></body></html>")
write("foxmail_signature.eml",
      head("foxmail-1@foxmail.com", ew("第1回合 命令", "gbk"), "X-Mailer: Foxmail 7.2.25.228[cn]\n",
           "Content-Type: multipart/alternative;\n\tboundary=\"----=_001_NextPart572182624333_=----\"\n"),
      crlf("This is a multi-part message in MIME format.\n\n"
           "------=_001_NextPart572182624333_=----\n"
           "Content-Type: text/plain;\n\tcharset=\"GB2312\"\nContent-Transfer-Encoding: base64\n\n"
           + b64(text, "gbk") + "\n\n"
           "------=_001_NextPart572182624333_=----\n"
           "Content-Type: text/html;\n\tcharset=\"GB2312\"\nContent-Transfer-Encoding: quoted-printable\n\n"
           + qp(html, "gbk") + "\n"
           "------=_001_NextPart572182624333_=------\n"))

# QQ Mail, text and HTML, the personal-signature block (GB18030).
text = f"密码: stark-s\n{ORDERS_ZH}\n\n\n------------------ 个人签名 ------------------\n凛冬将至\n"
html = ("<div>密码: stark-s</div><div>临冬城 行军+1</div><div>白港 支援</div><div><br></div>"
        "<div><div style=\"color:#909090;font-family:Arial Narrow;font-size:12px\">------------------</div>"
        "<div style=\"font-size:14px;font-family:Verdana;color:#000;\">凛冬将至</div></div>")
write("qq_text_signature.eml",
      head("tencent_A1B2C3@qq.com", ew("命令", "gb18030"), "X-QQ-MIME: TCMime 1.0 by Tencent\nX-Mailer: QQMail 2.x\n",
           "Content-Type: multipart/alternative;\n\tboundary=\"----=_NextPart_6566A1B2_0C3D4E5F_1A2B3C4D\"\n"),
      crlf("This is a multi-part message in MIME format.\n\n"
           "------=_NextPart_6566A1B2_0C3D4E5F_1A2B3C4D\n"
           "Content-Type: text/plain;\n\tcharset=\"gb18030\"\nContent-Transfer-Encoding: base64\n\n"
           + b64(text, "gb18030") + "\n\n"
           "------=_NextPart_6566A1B2_0C3D4E5F_1A2B3C4D\n"
           "Content-Type: text/html;\n\tcharset=\"gb18030\"\nContent-Transfer-Encoding: base64\n\n"
           + b64(html, "gb18030") + "\n\n"
           "------=_NextPart_6566A1B2_0C3D4E5F_1A2B3C4D--\n"))
write("qq_html_signature.eml",
      head("tencent_D4E5F6@qq.com", ew("命令", "gb18030"), "X-QQ-MIME: TCMime 1.0 by Tencent\nX-Mailer: QQMail 2.x\n",
           "Content-Type: text/html;\n\tcharset=\"gb18030\"\nContent-Transfer-Encoding: base64\n"),
      crlf(b64(html, "gb18030") + "\n"))

# 163 from the phone app: a greeting line and the app's line.
text = f"大家好，这回合我先手\n密码: stark-s\n{ORDERS_ZH}\n\n发自网易邮箱大师\n"
write("netease163.eml",
      head("4f1a2b3c.5d6e.1234567890a.Coremail.a@163.com", ew("回复：第1回合", "utf-8"),
           "X-Mailer: Coremail Webmail Server Version XT5.0.13\n",
           "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: base64\n"),
      crlf(b64(text, "utf-8") + "\n"))

# Outlook desktop in Traditional Chinese, Big5 quoted-printable, top-posted over a header block.
text = ("密碼: stark-s\n臨冬城 行軍+1\n白港 支援\n\n"
        "________________________________\n寄件者: maester <referee@test.maester>\n"
        "寄件日期: 2026年11月25日 下午 08:31\n收件者: 北境之王\n主旨: [g] 第1回合\n\n"
        "臨冬城 防守 (舊的)\n")
write("outlook_big5.eml",
      head("TYZPR03MB1234ABCD@TYZPR03MB1234.apcprd03.prod.outlook.com", ew("回覆: [corpus] 第1回合", "big5"),
           "X-MS-Has-Attach: \nX-MS-TNEF-Correlator: \n",
           "Content-Type: text/plain; charset=\"big5\"\nContent-Transfer-Encoding: quoted-printable\n"),
      qp(text, "big5"))

# iPhone Mail: top-posted over an attribution and a quoted block.
text = (f"密码: stark-s\n{ORDERS_ZH}\n\n发自我的iPhone\n\n"
        "> 在 2026年11月25日，20:31，maester <referee@test.maester> 写道：\n> \n> "
        + REPORT_QUOTE.replace("\n", "\n> ") + "\n")
write("iphone.eml",
      head("A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF@icloud.com", ew("Re: [corpus] 第1回合", "utf-8"),
           "X-Mailer: iPhone Mail (21C66)\n",
           "Content-Type: text/plain;\n\tcharset=utf-8\nContent-Transfer-Encoding: quoted-printable\n"),
      qp(text, "utf-8"))

# Thunderbird: format=flowed with delsp=yes, bottom-posted under its attribution.
text = ("在 2026/11/25 20:31, maester 写道:\n> 第1回合 放置命令\n> 请在截止时间前发送命令。\n\n"
        "密码: stark-s\n临冬城 行军 \n+1\n白港 支援\n\n-- \nTheon\n")
write("thunderbird_flowed.eml",
      head("5e6f7a8b-1c2d-3e4f-5a6b-7c8d9e0f1a2b@x.example", ew("Re: [corpus] 第1回合", "utf-8"),
           "User-Agent: Mozilla Thunderbird\nContent-Language: zh-CN\n",
           "Content-Type: text/plain; charset=UTF-8; format=flowed; delsp=yes\nContent-Transfer-Encoding: 8bit\n"),
      crlf(text).encode("utf-8").decode("latin-1"))

# Gmail, bottom-posting: the wrapped attribution, the quote, then the orders and a signature.
text = ("On Wed, Nov 25, 2026 at 8:31 PM maester <referee@test.maester>\nwrote:\n\n"
        "> " + REPORT_QUOTE.replace("\n", "\n> ") + "\n>\n\n"
        f"密码: stark-s\n{ORDERS_ZH}\n\n-- \nTheon Greyjoy\n")
html = "<div dir=\"ltr\">密码: stark-s<br>临冬城 行军+1<br>白港 支援</div>"
bnd = "000000000000a1b2c3d4e5f60718"
write("gmail_bottom.eml",
      head("CAB1x2y3z4=ABCDEF@mail.gmail.com", ew("Re: [corpus] 第1回合", "utf-8"), "",
           f"Content-Type: multipart/alternative; boundary=\"{bnd}\"\n"),
      crlf(f"--{bnd}\nContent-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: base64\n\n"
           + b64(text, "utf-8") + f"\n\n--{bnd}\nContent-Type: text/html; charset=\"UTF-8\"\n"
           "Content-Transfer-Encoding: base64\n\n" + b64(html, "utf-8") + f"\n\n--{bnd}--\n"))

# Gmail, top-posting.
text = (f"密码: stark-s\n{ORDERS_ZH}\n\nOn Wed, Nov 25, 2026 at 8:31 PM maester <referee@test.maester> wrote:\n\n"
        "> " + REPORT_QUOTE.replace("\n", "\n> ") + "\n")
write("gmail_top.eml",
      head("CAB9x8y7z6=FEDCBA@mail.gmail.com", ew("Re: [corpus] 第1回合", "utf-8"), "",
           f"Content-Type: multipart/alternative; boundary=\"{bnd}\"\n"),
      crlf(f"--{bnd}\nContent-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: quoted-printable\n\n"
           + qp(text, "utf-8") + f"\n--{bnd}\nContent-Type: text/html; charset=\"UTF-8\"\n\n"
           "<div dir=\"ltr\">密码: stark-s<br>临冬城 行军+1<br>白港 支援</div>\n" f"--{bnd}--\n").encode("utf-8").decode("latin-1"))

# Outlook for iOS: the secret typed in full-width with a final 。, the app's line.
text = "密码：ｓｔａｒｋ－ｓ。\n临冬城 行军+1\n白港 支援\n\n获取 Outlook for iOS\n"
write("outlook_mobile.eml",
      head("SG2PR01MB5678EFGH@SG2PR01MB5678.apcprd01.prod.outlook.com", ew("Re: [corpus] 第1回合", "utf-8"), "",
           "Content-Type: text/plain; charset=\"utf-8\"\nContent-Transfer-Encoding: base64\n"),
      crlf(b64(text, "utf-8") + "\n"))

# A form filled inside the quote (issue 39): QQ Mail quotes the original below its header
# without markers; the player filled the form there, his secret typed over the placeholder.
text = ("好的,填在下面了\n\n------------------ 原始邮件 ------------------\n"
        "发件人: \"maester\"<referee@test.maester>;\n发送时间: 2026年11月25日(星期三) 晚上8:31\n"
        "收件人: \"北境之王\"<a@x.example>;\n主题: [corpus] 第1回合\n\n请回复:\n"
        "    密码: stark-s\n    临冬城 行军+1\n    白港 支援\n  你的部队: 临冬城 1K1F\n")
write("qq_quoted_form.eml",
      head("tencent_F7E8D9@qq.com", ew("回复：[corpus] 第1回合", "gb18030"),
           "X-QQ-MIME: TCMime 1.0 by Tencent\nX-Mailer: QQMail 2.x\n",
           "Content-Type: text/plain;\n\tcharset=\"gb18030\"\nContent-Transfer-Encoding: base64\n"),
      crlf(b64(text, "gb18030") + "\n"))

# iPhone Mail: the form filled inside the `>` quote.
text = ("好\n\n发自我的iPhone\n\n> 在 2026年11月25日，20:31，maester <referee@test.maester> 写道：\n> \n"
        "> 请回复:\n>     密码: stark-s\n>     临冬城 行军+1\n>     白港 支援\n")
write("iphone_quoted_form.eml",
      head("B2C3D4E5-F6A7-4811-9900-BBCCDDEEFF00@icloud.com", ew("Re: [corpus] 第1回合", "utf-8"),
           "X-Mailer: iPhone Mail (21C66)\n",
           "Content-Type: text/plain;\n\tcharset=utf-8\nContent-Transfer-Encoding: quoted-printable\n"),
      qp(text, "utf-8"))

# Gmail: orders typed inside the quote under the form's placeholder, no secret anywhere.
text = ("见下\n\nOn Wed, Nov 25, 2026 at 8:31 PM maester <referee@test.maester> wrote:\n\n"
        "> 密码: 你的密码\n> 临冬城 行军+1\n> 白港 支援\n")
write("gmail_quoted_placeholder.eml",
      head("CAB5x5y5z5=QUOTED@mail.gmail.com", ew("Re: [corpus] 第1回合", "utf-8"), "",
           "Content-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: base64\n"),
      crlf(b64(text, "utf-8") + "\n"))

# The orders only in a .txt attachment.
bnd = "----=_Part_12345_67890.1732538700000"
write("attachment_only.eml",
      head("attach-1@x.example", ew("命令见附件", "utf-8"), "",
           f"Content-Type: multipart/mixed; boundary=\"{bnd}\"\n"),
      crlf(f"--{bnd}\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 7bit\n\n"
           "\n"
           f"--{bnd}\nContent-Type: text/plain; charset=UTF-8; name=orders.txt\n"
           "Content-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=orders.txt\n\n"
           + b64(f"密码: stark-s\n{ORDERS_ZH}\n", "utf-8") + f"\n--{bnd}--\n"))

# Comments and an end line: everything after 结束 is not read.
text = f"密码: stark-s // 我的密码\n// 第1回合\n{ORDERS_ZH}\n结束\n临冬城 胡乱写的\nStannis\n"
write("comments_and_end.eml",
      head("comments-1@x.example", "orders", "",
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n"),
      crlf(text).encode("utf-8").decode("latin-1"))

# A sign-off by name and a thank-you line are ignored; an order-like wrong line refuses.
text = f"密码: stark-s\n{ORDERS_ZH}\n谢谢!\nStannis\n"
write("sign_off.eml",
      head("signoff-1@x.example", "orders", "",
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n"),
      crlf(text).encode("utf-8").decode("latin-1"))
text = f"密码: stark-s\n{ORDERS_ZH}\n卡霍城 进攻\n谢谢!\n"
write("wrong_order_refuses.eml",
      head("wrong-1@x.example", "orders", "",
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n"),
      crlf(text).encode("utf-8").decode("latin-1"))

# Too many lines: the whole mail is refused as such, not for a missing secret.
text = f"密码: stark-s\n{ORDERS_ZH}\n" + "谢谢\n" * 2100
write("too_many_lines.eml",
      head("long-1@x.example", "orders", "",
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n"),
      crlf(text).encode("utf-8").decode("latin-1"))

# Over 64 KB of text in fewer than 2,000 lines: too long as a whole, not "no secret".
text = f"密码: stark-s\n{ORDERS_ZH}\n" + ("谢谢大家的耐心等待" * 3 + "\n") * 1000
write("too_large_text.eml",
      head("large-1@x.example", "orders", "",
           "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n"),
      crlf(b64(text, "utf-8") + "\n"))
