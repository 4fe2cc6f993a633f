/**
 * Hong Kong by the names its people use: the territory, its three regions, its 18 districts and their
 * well-known areas, each in English, traditional and simplified Chinese, with a point near its middle
 * (public facts, to about 200 m: enough to move a map there). `in` names the place it lies in; the
 * regions name none, as the country beside them already says Hong Kong.
 */
export interface HongKongPlace {
  en: string;
  cn2: string;
  cn: string;
  lat: number;
  lng: number;
  in?: string;
}

const p = (
  en: string,
  cn2: string,
  cn: string,
  lat: number,
  lng: number,
  within?: string,
): HongKongPlace => ({
  en,
  cn2,
  cn,
  lat,
  lng,
  ...(within ? { in: within } : {}),
});

export const territory = p('Hong Kong', '香港', '香港', 22.3193, 114.1694);

export const regions = [
  p('Hong Kong Island', '香港島', '香港岛', 22.265, 114.188),
  p('Kowloon', '九龍', '九龙', 22.318, 114.182),
  p('New Territories', '新界', '新界', 22.42, 114.12),
];

export const districts = [
  p('Central and Western', '中西區', '中西区', 22.286, 114.15, 'Hong Kong Island'),
  p('Wan Chai District', '灣仔區', '湾仔区', 22.276, 114.18, 'Hong Kong Island'),
  p('Eastern District', '東區', '东区', 22.284, 114.224, 'Hong Kong Island'),
  p('Southern District', '南區', '南区', 22.247, 114.16, 'Hong Kong Island'),
  p('Yau Tsim Mong', '油尖旺區', '油尖旺区', 22.311, 114.17, 'Kowloon'),
  p('Sham Shui Po District', '深水埗區', '深水埗区', 22.33, 114.16, 'Kowloon'),
  p('Kowloon City District', '九龍城區', '九龙城区', 22.324, 114.19, 'Kowloon'),
  p('Wong Tai Sin District', '黃大仙區', '黄大仙区', 22.342, 114.195, 'Kowloon'),
  p('Kwun Tong District', '觀塘區', '观塘区', 22.313, 114.226, 'Kowloon'),
  p('Kwai Tsing', '葵青區', '葵青区', 22.354, 114.115, 'New Territories'),
  p('Tsuen Wan District', '荃灣區', '荃湾区', 22.371, 114.114, 'New Territories'),
  p('Tuen Mun District', '屯門區', '屯门区', 22.391, 113.977, 'New Territories'),
  p('Yuen Long District', '元朗區', '元朗区', 22.445, 114.022, 'New Territories'),
  p('North District', '北區', '北区', 22.494, 114.138, 'New Territories'),
  p('Tai Po District', '大埔區', '大埔区', 22.45, 114.164, 'New Territories'),
  p('Sha Tin District', '沙田區', '沙田区', 22.383, 114.188, 'New Territories'),
  p('Sai Kung District', '西貢區', '西贡区', 22.381, 114.27, 'New Territories'),
  p('Islands District', '離島區', '离岛区', 22.261, 113.946, 'New Territories'),
];

export const areas = [
  p('Central', '中環', '中环', 22.2819, 114.1586, 'Central and Western'),
  p('Sheung Wan', '上環', '上环', 22.2865, 114.151, 'Central and Western'),
  p('Sai Ying Pun', '西營盤', '西营盘', 22.286, 114.143, 'Central and Western'),
  p('Kennedy Town', '堅尼地城', '坚尼地城', 22.281, 114.128, 'Central and Western'),
  p('Mid-Levels', '半山區', '半山区', 22.279, 114.15, 'Central and Western'),
  p('The Peak', '山頂', '山顶', 22.271, 114.15, 'Central and Western'),
  p('Admiralty', '金鐘', '金钟', 22.279, 114.165, 'Central and Western'),
  p('Wan Chai', '灣仔', '湾仔', 22.277, 114.173, 'Wan Chai District'),
  p('Causeway Bay', '銅鑼灣', '铜锣湾', 22.28, 114.184, 'Wan Chai District'),
  p('Happy Valley', '跑馬地', '跑马地', 22.27, 114.183, 'Wan Chai District'),
  p('North Point', '北角', '北角', 22.291, 114.2, 'Eastern District'),
  p('Quarry Bay', '鰂魚涌', '鲗鱼涌', 22.288, 114.212, 'Eastern District'),
  p('Tai Koo', '太古', '太古', 22.286, 114.218, 'Eastern District'),
  p('Shau Kei Wan', '筲箕灣', '筲箕湾', 22.279, 114.229, 'Eastern District'),
  p('Chai Wan', '柴灣', '柴湾', 22.265, 114.237, 'Eastern District'),
  p('Aberdeen', '香港仔', '香港仔', 22.248, 114.155, 'Southern District'),
  p('Ap Lei Chau', '鴨脷洲', '鸭脷洲', 22.242, 114.154, 'Southern District'),
  p('Pok Fu Lam', '薄扶林', '薄扶林', 22.258, 114.134, 'Southern District'),
  p('Repulse Bay', '淺水灣', '浅水湾', 22.237, 114.197, 'Southern District'),
  p('Stanley', '赤柱', '赤柱', 22.219, 114.212, 'Southern District'),
  p('Tsim Sha Tsui', '尖沙咀', '尖沙咀', 22.2976, 114.1722, 'Yau Tsim Mong'),
  p('Jordan', '佐敦', '佐敦', 22.305, 114.171, 'Yau Tsim Mong'),
  p('Yau Ma Tei', '油麻地', '油麻地', 22.3128, 114.1705, 'Yau Tsim Mong'),
  p('Mong Kok', '旺角', '旺角', 22.3193, 114.1694, 'Yau Tsim Mong'),
  p('Tai Kok Tsui', '大角咀', '大角咀', 22.321, 114.161, 'Yau Tsim Mong'),
  p('Prince Edward', '太子', '太子', 22.3245, 114.1683, 'Yau Tsim Mong'),
  p('Sham Shui Po', '深水埗', '深水埗', 22.3307, 114.1622, 'Sham Shui Po District'),
  p('Cheung Sha Wan', '長沙灣', '长沙湾', 22.335, 114.156, 'Sham Shui Po District'),
  p('Lai Chi Kok', '荔枝角', '荔枝角', 22.337, 114.148, 'Sham Shui Po District'),
  p('Mei Foo', '美孚', '美孚', 22.338, 114.14, 'Sham Shui Po District'),
  p('Shek Kip Mei', '石硤尾', '石硖尾', 22.332, 114.168, 'Sham Shui Po District'),
  p('Kowloon City', '九龍城', '九龙城', 22.328, 114.191, 'Kowloon City District'),
  p('Kowloon Tong', '九龍塘', '九龙塘', 22.337, 114.176, 'Kowloon City District'),
  p('Hung Hom', '紅磡', '红磡', 22.303, 114.182, 'Kowloon City District'),
  p('To Kwa Wan', '土瓜灣', '土瓜湾', 22.316, 114.188, 'Kowloon City District'),
  p('Kai Tak', '啟德', '启德', 22.324, 114.204, 'Kowloon City District'),
  p('Wong Tai Sin', '黃大仙', '黄大仙', 22.342, 114.194, 'Wong Tai Sin District'),
  p('Diamond Hill', '鑽石山', '钻石山', 22.34, 114.202, 'Wong Tai Sin District'),
  p('San Po Kong', '新蒲崗', '新蒲岗', 22.335, 114.197, 'Wong Tai Sin District'),
  p('Lok Fu', '樂富', '乐富', 22.338, 114.187, 'Wong Tai Sin District'),
  p('Kwun Tong', '觀塘', '观塘', 22.312, 114.225, 'Kwun Tong District'),
  p('Ngau Tau Kok', '牛頭角', '牛头角', 22.315, 114.219, 'Kwun Tong District'),
  p('Kowloon Bay', '九龍灣', '九龙湾', 22.323, 114.214, 'Kwun Tong District'),
  p('Lam Tin', '藍田', '蓝田', 22.307, 114.234, 'Kwun Tong District'),
  p('Yau Tong', '油塘', '油塘', 22.297, 114.237, 'Kwun Tong District'),
  p('Kwai Chung', '葵涌', '葵涌', 22.363, 114.131, 'Kwai Tsing'),
  p('Kwai Fong', '葵芳', '葵芳', 22.357, 114.128, 'Kwai Tsing'),
  p('Tsing Yi', '青衣', '青衣', 22.349, 114.103, 'Kwai Tsing'),
  p('Tsuen Wan', '荃灣', '荃湾', 22.371, 114.113, 'Tsuen Wan District'),
  p('Ma Wan', '馬灣', '马湾', 22.35, 114.059, 'Tsuen Wan District'),
  p('Tuen Mun', '屯門', '屯门', 22.391, 113.977, 'Tuen Mun District'),
  p('Yuen Long', '元朗', '元朗', 22.445, 114.022, 'Yuen Long District'),
  p('Tin Shui Wai', '天水圍', '天水围', 22.46, 114.003, 'Yuen Long District'),
  p('Lok Ma Chau', '落馬洲', '落马洲', 22.514, 114.066, 'Yuen Long District'),
  p('Sheung Shui', '上水', '上水', 22.501, 114.128, 'North District'),
  p('Fanling', '粉嶺', '粉岭', 22.492, 114.139, 'North District'),
  p('Lo Wu', '羅湖', '罗湖', 22.528, 114.113, 'North District'),
  p('Sha Tau Kok', '沙頭角', '沙头角', 22.544, 114.224, 'North District'),
  p('Tai Po', '大埔', '大埔', 22.45, 114.169, 'Tai Po District'),
  p('Sha Tin', '沙田', '沙田', 22.383, 114.188, 'Sha Tin District'),
  p('Tai Wai', '大圍', '大围', 22.373, 114.178, 'Sha Tin District'),
  p('Fo Tan', '火炭', '火炭', 22.396, 114.198, 'Sha Tin District'),
  p('Ma On Shan', '馬鞍山', '马鞍山', 22.425, 114.232, 'Sha Tin District'),
  p('Sai Kung', '西貢', '西贡', 22.383, 114.271, 'Sai Kung District'),
  p('Tseung Kwan O', '將軍澳', '将军澳', 22.307, 114.26, 'Sai Kung District'),
  p('Clear Water Bay', '清水灣', '清水湾', 22.29, 114.29, 'Sai Kung District'),
  p('Tung Chung', '東涌', '东涌', 22.289, 113.941, 'Islands District'),
  p('Lantau Island', '大嶼山', '大屿山', 22.261, 113.946, 'Islands District'),
  p('Hong Kong International Airport', '香港國際機場', '香港国际机场', 22.308, 113.9185, 'Islands District'),
  p('Discovery Bay', '愉景灣', '愉景湾', 22.295, 114.015, 'Islands District'),
  p('Cheung Chau', '長洲', '长洲', 22.21, 114.029, 'Islands District'),
  p('Lamma Island', '南丫島', '南丫岛', 22.202, 114.129, 'Islands District'),
  p('Tai O', '大澳', '大澳', 22.253, 113.862, 'Islands District'),
];
