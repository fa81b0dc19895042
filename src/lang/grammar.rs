//! The pest parser of the order language. The grammar lives in `grammar/*.pest`, one file per
//! concept; pest_derive concatenates them.

use pest_derive::Parser;

/// The generated PEG parser; `Rule::line` parses one normalised line.
#[derive(Parser)]
#[grammar = "grammar/lexicon.pest"]
#[grammar = "grammar/placement.pest"]
#[grammar = "grammar/plan.pest"]
#[grammar = "grammar/events.pest"]
#[grammar = "grammar/submission.pest"]
pub struct OrderParser;

#[cfg(test)]
mod tests {
    use super::*;
    use pest::Parser;

    const CORPUS: &[&str] = &[
        "临冬城 行军+1",
        "白港 支援。",
        "颤抖海 防守",
        "黑水河 突袭+1",
        "青亭岛 巩固统治",
        "龙石岛 行军",
        "御林步兵 移动到 君临城。",
        "河湾地军团 移动到 多恩边疆",
        "石圣堂2F移动到兰尼斯港",
        "石圣堂1K移动到赫伦堡",
        "1) 御林步兵 移动到 君临城。",
        "高庭1F移动到河湾地。(仅当滨海大道未失守时执行这条命令。如果滨海大道失守,这条命令跳过不执行。)",
        "寡妇角1F移动到卡林湾,如果狭海失守导致该命令不能被执行,则寡妇角1F移动到白港。",
        "如果铁民湾有其他家族的部队,金声海2S 移动到 铁民湾;如果日落之海有其他家族的部队,金声海2S 移动到 滨海大道。",
        "1-1) 如果御林失守,风息堡1K 移动到 御林。",
        "1-2) 如果多恩海已经失守,则东夏海2S 移动到 多恩海。",
        "2-1) 如果第一步执行的是1-1,则东夏海2S 移动到 西夏海。",
        "3) 黑水河军团移动到赫伦堡。(行军+1)",
        "或者:1) 河湾地1K移动到黑水河。",
        "3) 赫伦堡军团移动到奔流城(行军+1)",
        "[红狮提交:]奔流城2K 移动到 海疆城",
        "[白狼提交:]卡林湾 支援 奔流城部队 移动到 海疆城",
        "卡林湾 支援 海怪家族 防守 海疆城",
        "[红狮提交]:如果白狼家族在本回合没有攻击我,则支援白狼家族 防守 卡林湾。",
        "狭海战舰 突袭 五指半岛。",
        "东夏海 和 西夏海 运输 龙石岛军团 移动到 菲林特之指",
        "派克岛2K 移动到 海疆城(阿莎);派克岛1F 移动到 灰水望(巴隆)",
        "派克岛2K 移动到 海疆城(将领:巴隆;防守:阿莎)",
        "海疆城守将:小恶魔",
        "派克岛2K1F 移动到 海疆城(如果海疆城驻军战斗力大于5,行军将领为阿莎;否则,将领为巴隆。)",
        "赫伦堡2F 强行军到 奔流城",
        "黑水河1K行军到君临",
        "2F(2)+1K(2)1F(1)=5",
        "在海疆城建造港口,同时在这个港口中征募1S。",
        "Winterfell march+1",
        "Searoad Marches marches to Salt Shore",
        "The Reach army moves to Dornish Marches",
        "if Kingswood has fallen, then Storm's End 1K moves to Kingswood",
        "Moat Cailin supports Greyjoy defending Seagard",
        "East Summer Sea and West Summer Sea transport Dragonstone army to Flint's Finger",
        "铁王座 3 封邑 1 御前会议 0",
        "征兵: 临冬城 1K",
        "临冬城 1F升级为骑士",
        "白港 1S 到 狭海 > 颤抖海",
        "阿莎取消: 奔流城, 卡林湾",
        "密码: abc",
    ];

    #[test]
    fn dump() {
        for l in CORPUS {
            match OrderParser::parse(Rule::line, l) {
                Ok(p) => {
                    println!("OK {l}");
                    fn show(p: pest::iterators::Pair<Rule>, d: usize) {
                        println!("{}{:?} {:?}", "  ".repeat(d), p.as_rule(), p.as_str());
                        for c in p.into_inner() {
                            show(c, d + 1);
                        }
                    }
                    for x in p {
                        for c in x.into_inner() {
                            show(c, 1);
                        }
                    }
                }
                Err(e) => println!("ERR {l}\n{e}"),
            }
        }
    }
}
