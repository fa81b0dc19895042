#!/usr/bin/env python3
"""Writes the scripted player mails of `maester demo` into demo/mails/ (committed; the demo
embeds them). Realistic on purpose: GBK and Big5-free Chinese mail in several transfer
encodings, an HTML-only mail, a reply that quotes the referee, an English player, a mistake
and its correction.

Run from the repository root: python3 tools/make_demo_mails.py
"""
import base64, quopri, os

OUT = "demo/mails"
REF = "referee@demo.maester"
PLAYERS = {
    "stark": ("艾莉亚", "arya@north.example"),
    "greyjoy": ("葛雷乔伊玩家", "kraken@iron.example"),
    "lannister": ("Tywin", "tywin@rock.example"),
    "baratheon": ("Stannis", "stannis@storm.example"),
    "tyrell": ("玫瑰玩家", "rose@reach.example"),
    "martell": ("毒蛇", "viper@dorne.example"),
}
SECRET = {h: f"{h}-demo" for h in PLAYERS}


def b(s, cs):
    return "=?%s?B?%s?=" % (cs, base64.b64encode(s.encode(cs)).decode())


def mail(name, house, step, subject, body, charset="utf-8", cte="8bit", html=False, extra=""):
    who, addr = PLAYERS[house]
    ctype = "text/html" if html else "text/plain"
    raw_body = body.encode(charset)
    if cte == "base64":
        payload = base64.encodebytes(raw_body)
    elif cte == "quoted-printable":
        payload = quopri.encodestring(raw_body)
    else:
        payload = raw_body
    head = (
        f"From: {b(who, charset)} <{addr}>\r\n"
        f"To: maester <{REF}>\r\n"
        f"Subject: {b(subject, charset)}\r\n"
        f"Message-ID: <{name}@{addr.split('@')[1]}>\r\n"
        f"Date: Sun, 22 Nov 2026 10:00:00 +0800\r\n"
        f"MIME-Version: 1.0\r\n{extra}"
        f"Content-Type: {ctype}; charset={charset}\r\n"
        f"Content-Transfer-Encoding: {cte}\r\n\r\n"
    ).encode("ascii")
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, f"{step}-{name}.eml"), "wb") as f:
        f.write(head + payload.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


S = SECRET
# ---- round 1, order placement ----
mail("p-stark", "stark", "1-placement", "第一回合命令",
     f"密码: {S['stark']}\n临冬城 行军+1\n白港 行军\n颤抖海 支援\n\n-- \n艾莉亚\n北境不忘\n",
     charset="gbk", cte="quoted-printable")
mail("p-greyjoy", "greyjoy", "1-placement", "海怪命令",
     f"密码：{S['greyjoy']}\n派克岛 行军\n灰水望 行军\n铁民湾 突袭\n派克岛港口 支援\n",
     charset="gbk", cte="base64")
mail("p-lannister", "lannister", "1-placement", "回复: [demo] 欢迎加入游戏",
     f"密码: {S['lannister']}\n兰尼斯港 行军+1\n石圣堂 巩固统治\n金声海 突袭\n\n"
     "在 2026年11月22日 09:00, maester <referee@demo.maester> 写道：\n"
     "> 你在游戏 demo 中扮演红狮。\n> 临冬城 行军+1\n> 白港 支援\n")
mail("p-baratheon", "baratheon", "1-placement", "orders round 1",
     f"secret: {S['baratheon']}\nDragonstone march\nKingswood march+1\nShipbreaker Bay support\n")
mail("p-tyrell", "tyrell", "1-placement", "玫瑰的命令",
     "<html><body><div>密码: %s</div><div>高庭 行军</div><div>多恩边疆 防守</div>"
     "<div>雷温德海峡 支援</div><div><br></div><div>发自我的手机</div></body></html>" % S["tyrell"],
     html=True, cte="quoted-printable")
mail("p-martell-1", "martell", "1-placement", "橙日命令",
     f"密码: {S['martell']}\n阳戟城 行军+1\n盐海案 巩固统治\n多恩海 支援\n")
mail("p-martell-2", "martell", "1-placement", "橙日命令(改正)",
     f"密码: {S['martell']}\n阳戟城 行军+1\n盐海岸 巩固统治\n多恩海 支援\n")
# an out-of-office answer to the welcome mail: never answered
with open(os.path.join(OUT, "1-placement-autoreply.eml"), "wb") as f:
    f.write(("From: kraken@iron.example\r\nTo: referee@demo.maester\r\nSubject: Auto-Reply: welcome\r\n"
             "Message-ID: <auto-1@iron.example>\r\nAuto-Submitted: auto-replied\r\n"
             "Content-Type: text/plain; charset=utf-8\r\n\r\nI am away until Monday.\r\n").encode())

# ---- round 1, execution plan ----
mail("x-stark", "stark", "2-plan", "执行方案",
     f"密码: {S['stark']}\n1) 临冬城军团 移动到 卡林湾\n2) 白港步兵 移动到 寡妇角\n",
     charset="gbk", cte="quoted-printable")
mail("x-greyjoy", "greyjoy", "2-plan", "海怪执行方案",
     f"密码：{S['greyjoy']}\n1) 派克岛骑士 移动到 海疆城\n2) 灰水望步兵 移动到 卡林湾\n铁民湾战舰 突袭 金声海\n",
     charset="gbk", cte="base64")
mail("x-lannister", "lannister", "2-plan", "红狮执行方案",
     f"密码: {S['lannister']}\n兰尼斯港骑士 移动到 奔流城\n金声海战舰 突袭 铁民湾\n")
mail("x-baratheon", "baratheon", "2-plan", "plan round 1",
     f"secret: {S['baratheon']}\n1) Dragonstone army move to Storm's End\n2) Kingswood footman move to King's Landing\n")
mail("x-tyrell", "tyrell", "2-plan", "玫瑰执行方案",
     "<html><body><div>密码: %s</div><div>高庭骑士 移动到 河湾地</div></body></html>" % S["tyrell"],
     html=True, cte="quoted-printable")
mail("x-martell", "martell", "2-plan", "橙日执行方案",
     f"密码: {S['martell']}\n阳戟城军团 移动到 伊沦伍德城\n")
print("wrote", len(os.listdir(OUT)), "mails to", OUT)
