import type { Lang } from './enums.ts';

export type Msg = Record<Lang, string>;

const m = (en: string, cn: string, cn2: string): Msg => ({ en, cn, cn2 });

/**
 * The message catalogue: SPEC §8 messages plus the rule messages of §5, in English (en),
 * Simplified Chinese (cn) and Traditional Chinese (cn2). Server envelopes and web forms both use it.
 */
export const Messages = {
  // common
  ok: m('Operation successful', '操作成功', '操作成功'),
  serverException: m('Server connection exception', '服务器连接异常', '伺服器連接異常'),
  loginTimeout: m('Login timed out!', '登录超时！', '登錄超時！'),
  sessionExpired: m('Login expired, please log in again', '登录已失效，请重新登录', '登錄已失效，請重新登錄'),
  invalidParams: m('Invalid parameters', '参数错误', '參數錯誤'),
  requestTooLarge: m('The request is too large', '请求过大', '請求過大'),
  idempotencyKeyInvalid: m(
    'The request key must be 1 to 255 letters, digits or signs',
    '请求标识须为 1 至 255 个字母、数字或符号',
    '請求標識須為 1 至 255 個字母、數字或符號',
  ),
  idempotencyKeyReused: m(
    'This request key was already used for a different operation; start the operation again',
    '此请求标识已用于另一项操作，请重新开始操作',
    '此請求標識已用於另一項操作，請重新開始操作',
  ),
  forbidden: m('No permission for this operation', '无权进行此操作', '無權進行此操作'),
  notFound: m('The record does not exist', '记录不存在', '記錄不存在'),
  tooManyAttempts: m(
    'Too many attempts, please try again later',
    '尝试次数过多，请稍后再试',
    '嘗試次數過多，請稍後再試',
  ),
  tooManyStreams: m(
    'Too many live connections for this sign-in',
    '此登录的实时连接过多',
    '此登錄的即時連線過多',
  ),
  internalError: m('The server could not complete the request', '服务器无法完成请求', '伺服器無法完成請求'),
  offline: m('You are offline', '您已离线', '您已離線'),

  // login and puzzle
  accountOrPasswordEmpty: m(
    'Account or password cannot be empty',
    '账号或密码不能为空',
    '帳號或密碼不能為空',
  ),
  accountNotExist: m('Account does not exist', '账号不存在', '帳號不存在'),
  passwordError: m('Password error', '密码错误', '密碼錯誤'),
  puzzleOk: m('Verification is successful', '验证成功', '驗證成功'),
  puzzleError: m('Verification error, please try again', '验证错误，请重试', '驗證錯誤，請重試'),
  puzzleRequired: m('Please complete the slider verification', '请先完成滑块验证', '請先完成滑塊驗證'),

  // passwords and codes
  oldPasswordRequired: m('Please enter the old password', '请输入原密码', '請輸入原密碼'),
  oldPasswordError: m('Old password error', '原密码错误', '原密碼錯誤'),
  inputsInconsistent: m(
    'The 2 inputs are inconsistent, please re-enter',
    '两次输入不一致，请重新输入',
    '兩次輸入不一致，請重新輸入',
  ),
  newSameAsOld: m(
    'The new password cannot be the same as the original password',
    '新密码不能与原密码相同',
    '新密碼不能與原密碼相同',
  ),
  codeError: m('Verification code error!', '验证码错误！', '驗證碼錯誤！'),
  codeExpired: m(
    'The verification code has expired, please get it again!',
    '验证码已过期，请重新获取！',
    '驗證碼已過期，請重新獲取！',
  ),
  enterCorrectCode: m('Please enter correct verify code!', '请输入正确的验证码！', '請輸入正確的驗證碼！'),

  // balances
  insufficientBalance: m('Insufficient service card balance', '服务卡余额不足', '服務卡餘額不足'),
  insufficientVoice: m('Insufficient voice card balance', '对讲卡余额不足', '對講卡餘額不足'),
  insufficientRecording: m('Insufficient recording card balance', '录音卡余额不足', '錄音卡餘額不足'),
  insufficientLocation: m('Insufficient location card balance', '定位卡余额不足', '定位卡餘額不足'),
  insufficientSos: m('Insufficient SOS card balance', 'SOS卡余额不足', 'SOS卡餘額不足'),
  insufficientFence: m('Insufficient fence card balance', '围栏卡余额不足', '圍欄卡餘額不足'),
  insufficientVideo: m('Insufficient video card balance', '视频卡余额不足', '視頻卡餘額不足'),
  insufficientDuplex: m('Insufficient duplex card balance', '全双工卡余额不足', '全雙工卡餘額不足'),
  insufficientVip: m('Insufficient VIP card balance', 'VIP卡余额不足', 'VIP卡餘額不足'),

  // scanning and adding
  doNotAddRepeatedly: m('Do not add repeatedly!', '请勿重复添加！', '請勿重複添加！'),
  doNotScanRepeatedly: m('Do not scan the code repeatedly', '请勿重复扫码', '請勿重複掃碼'),
  qrWrong: m('QR code is wrong', '二维码错误', '二維碼錯誤'),
  ssidScanWrong: m(
    'The SSID(IMEI) number you scanned in is wrong, please scan the code again!',
    '您扫描的SSID(IMEI)号有误，请重新扫码！',
    '您掃描的SSID(IMEI)號有誤，請重新掃碼！',
  ),
  scanMax: m(
    'Up to 100 SSID(IMEI)s can be added by scanning the code!',
    '扫码最多添加100个SSID(IMEI)！',
    '掃碼最多添加100個SSID(IMEI)！',
  ),

  // card replacement
  oldSsidNotExist: m(
    'The original SSID(IMEI) entered does not exist',
    '输入的原SSID(IMEI)不存在',
    '輸入的原SSID(IMEI)不存在',
  ),
  newSsidInUse: m(
    'The entered new SSID(IMEI) is already in use',
    '输入的新SSID(IMEI)已被使用',
    '輸入的新SSID(IMEI)已被使用',
  ),
  replaceFailed: m('Card replacement failed', '换卡失败', '換卡失敗'),
  warrantyExpired: m(
    'The warranty period has expired and cannot be replaced',
    '保修期已过，无法换卡',
    '保修期已過，無法換卡',
  ),

  // fences and groups
  fenceMax: m(
    'A company can have at most 200 fences; delete one before adding another',
    '每个单位最多200个围栏，请先删除再添加',
    '每個單位最多200個圍欄，請先刪除再添加',
  ),
  fenceNameDuplicated: m(
    'The fence name is duplicated, please modify it and try again.',
    '围栏名称重复，请修改后重试。',
    '圍欄名稱重複，請修改後重試。',
  ),
  noLocationTrack: m('No location track', '暂无定位轨迹', '暫無定位軌跡'),
  alreadyDefaultGroup: m(
    'This group is already the default group!',
    '该群组已是默认群组！',
    '該群組已是默認群組！',
  ),

  // selection
  selectUser: m('Please select a user', '请选择用户', '請選擇用戶'),
  selectUsersWithoutSos: m(
    'Please select users who have not turned on SOS service',
    '请选择未开通SOS服务的用户',
    '請選擇未開通SOS服務的用戶',
  ),
  renewalPastPermanent: m(
    'A renewal cannot run into 2035 or later, which reads as permanent: renew it when it falls due',
    '续费后的到期年份不能到 2035 年或以后（将显示为永久），请到期前再续费',
    '續費後的到期年份不能到 2035 年或以後（將顯示為永久），請到期前再續費',
  ),

  // date ranges
  dateRangeMax: m('The date range cannot exceed 90 days', '日期范围不能超过90天', '日期範圍不能超過90天'),
  dateStartBeforeEnd: m(
    'The start date cannot be after the end date',
    '开始日期不能晚于结束日期',
    '開始日期不能晚於結束日期',
  ),
  monthRangeMax: m('The range cannot exceed 24 months', '范围不能超过24个月', '範圍不能超過24個月'),

  // field rules (SPEC §5)
  companyName: m(
    'Company name: 4-20 Chinese characters, digits, letters or underscores, not starting with an underscore',
    '单位名称：4-20位中文、数字、字母或下划线，不能以下划线开头',
    '單位名稱：4-20位中文、數字、字母或下劃線，不能以下劃線開頭',
  ),
  agentName: m(
    'Agent name: 4-20 Chinese characters, digits, letters or underscores, not starting with an underscore',
    '代理商名称：4-20位中文、数字、字母或下划线，不能以下划线开头',
    '代理商名稱：4-20位中文、數字、字母或下劃線，不能以下劃線開頭',
  ),
  contactName: m('Contact name: 2-10 characters', '联系人：2-10个字符', '聯繫人：2-10個字符'),
  nicknameLong: m(
    'Nickname: 2-11 Chinese characters, digits, letters or underscores, not starting with an underscore',
    '昵称：2-11位中文、数字、字母或下划线，不能以下划线开头',
    '暱稱：2-11位中文、數字、字母或下劃線，不能以下劃線開頭',
  ),
  prefix: m(
    'Nickname prefix: 2-12 Chinese characters, digits, letters or underscores, not starting with an underscore',
    '昵称前缀：2-12位中文、数字、字母或下划线，不能以下划线开头',
    '暱稱前綴：2-12位中文、數字、字母或下劃線，不能以下劃線開頭',
  ),
  prefixRequired: m('Please enter a nickname prefix', '请输入昵称前缀', '請輸入暱稱前綴'),
  groupName: m(
    'Group name: 2-15 Chinese characters, digits or letters',
    '群组名称：2-15位中文、数字或字母',
    '群組名稱：2-15位中文、數字或字母',
  ),
  orgAlreadyUnderAgent: m(
    'The company already belongs to this agent',
    '该公司已属于此代理商',
    '該公司已屬於此代理商',
  ),
  ownedGroupsMax: m(
    'This terminal has made as many groups as it may; dismiss one first',
    '该终端创建的群组已达上限，请先解散一个',
    '該終端創建的群組已達上限，請先解散一個',
  ),
  groupNameTaken: m(
    'A group of this name already exists in the company',
    '公司内已有同名群组',
    '公司內已有同名群組',
  ),
  fenceName: m('Fence name: 1-15 characters', '围栏名称：1-15个字符', '圍欄名稱：1-15個字符'),
  account: m(
    'Login account: 6-20 letters, digits or underscores',
    '登录账号：6-20位字母、数字或下划线',
    '登錄帳號：6-20位字母、數字或下劃線',
  ),
  password: m('Password: 6-16 letters or digits', '密码：6-16位字母或数字', '密碼：6-16位字母或數字'),
  mobile: m('Please enter a correct mobile number', '请输入正确的手机号码', '請輸入正確的手機號碼'),
  email: m('Please enter a correct email address', '请输入正确的邮箱地址', '請輸入正確的郵箱地址'),
  wholeNumber: m('Please enter a whole number', '请输入整数', '請輸入整數'),
  positiveInteger: m('Please enter a positive integer', '请输入正整数', '請輸入正整數'),
  smsCode: m('Verification code: 4 digits', '验证码：4位数字', '驗證碼：4位數字'),
  iccid: m('ICCID: 19 or 20 letters or digits', 'ICCID：19或20位字母或数字', 'ICCID：19或20位字母或數字'),
  ssid: m('SSID(IMEI): exactly 15 digits', 'SSID(IMEI)：15位数字', 'SSID(IMEI)：15位數字'),
  remark: m('Remarks: within 100 characters', '备注：100字以内', '備註：100字以內'),
  cardPwd: m('Service card password: 6 digits', '服务卡密码：6位数字', '服務卡密碼：6位數字'),
  selectAgent: m('Please select an agent', '请选择代理商', '請選擇代理商'),
  selectCardType: m('Please select a card type', '请选择卡类型', '請選擇卡類型'),
  quantityMin: m('The minimum quantity is 1', '数量最少为1', '數量最少為1'),
  quantityOverBalance: m('The quantity cannot exceed the balance', '数量不能超过余额', '數量不能超過餘額'),
  recycleInteger: m(
    'The quantity must be an integer greater than 0',
    '数量必须为大于0的整数',
    '數量必須為大於0的整數',
  ),
  recycleOverAmount: m(
    'The quantity cannot exceed the existing amount',
    '数量不能超过现有数量',
    '數量不能超過現有數量',
  ),
  returnNothing: m(
    'No cards taken back from this agent are left to return',
    '没有可退还给该代理商的回收卡',
    '沒有可退還給該代理商的回收卡',
  ),
  returnOverAmount: m(
    'The quantity cannot exceed the cards taken back from this agent',
    '数量不能超过从该代理商回收的数量',
    '數量不能超過從該代理商回收的數量',
  ),
  recycleZero: m('The amount is 0 and cannot be recycled', '数量为0，无法回收', '數量為0，無法回收'),
  selectUserType: m('Please select a user type', '请选择用户类型', '請選擇用戶類型'),
  selectCompany: m('Please select a company', '请选择单位', '請選擇單位'),
  inputMax: m('Up to 10 users can be added by input', '输入最多添加10个用户', '輸入最多添加10個用戶'),
  singleNeedsVoice: m(
    'Single-function users need a VIP or voice service',
    '单功能用户需要VIP或对讲服务',
    '單功能用戶需要VIP或對講服務',
  ),
  groupBatchMin: m('Create at least 1 group', '至少创建1个群组', '至少創建1個群組'),
  groupBatchMax: m('Up to 16 groups can be created at once', '一次最多创建16个群组', '一次最多創建16個群組'),
  gpsOff: m(
    'Positioning (GPS) is turned off for this company',
    '该单位已关闭定位(GPS)服务',
    '該單位已關閉定位(GPS)服務',
  ),
  locationInactive: m(
    'The location function of this terminal is not activated or has expired',
    '该终端的定位功能未开通或已过期',
    '該終端的定位功能未開通或已過期',
  ),
  sosInactive: m(
    'The SOS function of this terminal is not activated or has expired',
    '该终端的SOS功能未开通或已过期',
    '該終端的SOS功能未開通或已過期',
  ),
  recordingInactive: m(
    'The recording function of this terminal is not activated or has expired',
    '该终端的录音功能未开通或已过期',
    '該終端的錄音功能未開通或已過期',
  ),
  priority: m('Priority: 1 to 5', '优先级：1到5', '優先級：1到5'),
  accountTaken: m('The account already exists', '账号已存在', '帳號已存在'),
  payPwdRequired: m('Please enter the service card password', '请输入服务卡密码', '請輸入服務卡密碼'),
  payPwdError: m('Service card password error', '服务卡密码错误', '服務卡密碼錯誤'),
  orgHasUsers: m(
    'The company still has users; move or delete them first',
    '该单位下仍有用户，请先转移或删除',
    '該單位下仍有用戶，請先轉移或刪除',
  ),
  cardTypeNotAllowed: m('This card type is not available', '该卡类型不可用', '該卡類型不可用'),
  topAgentOnly: m(
    'Only top-level agents can do this',
    '仅一级代理商可以进行此操作',
    '僅一級代理商可以進行此操作',
  ),
  // account flows: SMS codes, pay password, feedback
  smsSent: m('The verification code has been sent', '验证码已发送', '驗證碼已發送'),
  smsTooFrequent: m(
    'Verification codes are requested too often, please try again later',
    '获取验证码过于频繁，请稍后再试',
    '獲取驗證碼過於頻繁，請稍後再試',
  ),
  phoneNotBound: m('Please bind a mobile phone first', '请先绑定手机号码', '請先綁定手機號碼'),
  payPwdNotSet: m('Please set the service card password first', '请先设置服务卡密码', '請先設置服務卡密碼'),
  feedbackContent: m('Feedback: 1-500 characters', '反馈内容：1-500个字符', '反饋內容：1-500個字符'),
  feedbackContact: m('Contact: up to 50 characters', '联系方式：最多50个字符', '聯繫方式：最多50個字符'),
  feedbackThanks: m('Thank you for your feedback', '感谢您的反馈', '感謝您的反饋'),
  // SOS, fences, positions, recordings and the device API
  sosProcessed: m('This SOS has already been processed', '该SOS已处理', '該SOS已處理'),
  sosBatchProcessed: m(
    'Some of these SOS have already been processed; nothing was changed',
    '其中部分SOS已处理，未作任何更改',
    '其中部分SOS已處理，未作任何更改',
  ),
  selectSos: m('Please select an SOS', '请选择SOS记录', '請選擇SOS記錄'),
  sosBatchMax: m('At most 100 SOS at a time', '每次最多处理100条SOS', '每次最多處理100條SOS'),
  fenceShape: m(
    'Please draw a circle or a polygon of 3 to 50 points that does not cross itself',
    '请绘制圆形，或由3到50个点组成且不自相交的多边形',
    '請繪製圓形，或由3到50個點組成且不自相交的多邊形',
  ),
  placeQuery: m(
    'Place: 2 to 50 characters of its name',
    '地点：输入名称的2到50个字符',
    '地點：輸入名稱的2到50個字元',
  ),
  fenceRadius: m('Radius: 10 to 100000 metres', '半径：10到100000米', '半徑：10到100000米'),
  fenceTrigger: m('Please select a trigger mode', '请选择触发模式', '請選擇觸發模式'),
  fencePeriod: m(
    'Valid period: a start and an end time as hours and minutes',
    '有效时段：以时和分表示的开始和结束时间',
    '有效時段：以時和分表示的開始和結束時間',
  ),
  fenceDates: m(
    'Please choose a valid date range, or make the fence permanent',
    '请选择有效日期范围，或设为永久',
    '請選擇有效日期範圍，或設為永久',
  ),
  trackRangeMax: m(
    'The track range cannot exceed 7 days',
    '轨迹时间范围不能超过7天',
    '軌跡時間範圍不能超過7天',
  ),
  deviceLoginFailed: m(
    'SSID(IMEI) or intercom password error',
    'SSID(IMEI)或对讲密码错误',
    'SSID(IMEI)或對講密碼錯誤',
  ),
  recordingQuota: m(
    'This terminal has stored as much audio as it may today',
    '该终端今天存储的录音已达上限',
    '該終端今天儲存的錄音已達上限',
  ),
  audioUnsupported: m(
    'Unsupported audio format: WAV, Ogg, WebM, MP3, AAC, M4A or AMR',
    '不支持的音频格式：WAV、Ogg、WebM、MP3、AAC、M4A或AMR',
    '不支援的音訊格式：WAV、Ogg、WebM、MP3、AAC、M4A或AMR',
  ),
  audioTooLarge: m('The audio file is too large', '音频文件过大', '音訊檔案過大'),
  required: m('This field is required', '此项为必填项', '此項為必填項'),
  // Alarms on the phone (Web Push); {terminal}, {company} and {fence} are filled in by the server.
  pushSubscription: m('Invalid push subscription', '推送订阅无效', '推送訂閱無效'),
  pushSosTitle: m('SOS alarm', 'SOS报警', 'SOS報警'),
  pushSosBody: m(
    '{terminal} ({company}) raised an SOS',
    '{terminal}（{company}）发出了SOS',
    '{terminal}（{company}）發出了SOS',
  ),
  pushFenceTitle: m('Fence alarm', '围栏报警', '圍欄報警'),
  pushFenceEnter: m('{terminal} entered {fence}', '{terminal}进入了{fence}', '{terminal}進入了{fence}'),
  pushFenceLeave: m('{terminal} left {fence}', '{terminal}离开了{fence}', '{terminal}離開了{fence}'),
  pushFenceNoExit: m('{terminal} is outside {fence}', '{terminal}在{fence}外', '{terminal}在{fence}外'),
  pushFenceNoEntry: m('{terminal} is inside {fence}', '{terminal}在{fence}内', '{terminal}在{fence}內'),
  // The reseller's business: bulk renewal, thresholds and reminders (the push and SMS texts are the reminder module's).
  renewMax: m(
    'At most 1000 users can be renewed at once',
    '一次最多续费1000个用户',
    '一次最多續費1000個用戶',
  ),
  renewCostChanged: m(
    'The cost has changed since it was shown; please check it again',
    '费用已变化，请重新确认',
    '費用已變化，請重新確認',
  ),
  askMax: m(
    'At most 200 users can be named in one request',
    '一次请求最多包含200个用户',
    '一次請求最多包含200個用戶',
  ),
  askedTooOften: m(
    'Your agent has been asked 10 times today; please try again tomorrow',
    '今天已向代理商发出10次请求，请明天再试',
    '今天已向代理商發出10次請求，請明天再試',
  ),
  renewalAsked: m('Your agent has been asked to renew them', '已请代理商为其续费', '已請代理商為其續費'),
  invalidThreshold: m(
    'Enter a whole number of cards from 0 to 1000000',
    '请输入0到1000000之间的整数',
    '請輸入0到1000000之間的整數',
  ),
  reminderExpiryTitle: m('Services expiring', '服务即将到期', '服務即將到期'),
  reminderBalanceTitle: m('Low card balance', '卡余额不足', '卡餘額不足'),
  // Bulk intake of terminals from a file or pasted text: a row's errors, then the whole intake's.
  importDuplicate: m(
    'This SSID(IMEI) appears more than once in the list',
    '该SSID(IMEI)在列表中重复出现',
    '該SSID(IMEI)在列表中重複出現',
  ),
  importSsidInUse: m('This SSID(IMEI) is already in use', '该SSID(IMEI)已被使用', '該SSID(IMEI)已被使用'),
  importNameMissing: m(
    'No name: enter one, or a nickname prefix to number the rows without one',
    '缺少名称：请填写，或填写昵称前缀为无名称的行编号',
    '缺少名稱：請填寫，或填寫暱稱前綴為無名稱的行編號',
  ),
  importUnknownGroup: m(
    'The company has no group of this name',
    '该单位没有此名称的群组',
    '該單位沒有此名稱的群組',
  ),
  importMax: m(
    'At most 1000 terminals can be imported at once',
    '一次最多导入1000个终端',
    '一次最多導入1000個終端',
  ),
  importEmpty: m(
    'No terminals found: one SSID(IMEI) a line',
    '未找到终端：每行一个SSID(IMEI)',
    '未找到終端：每行一個SSID(IMEI)',
  ),
  importFileUnsupported: m(
    'Unsupported file: choose a CSV or XLSX file',
    '不支持的文件：请选择CSV或XLSX文件',
    '不支援的檔案：請選擇CSV或XLSX檔案',
  ),
  importBusy: m(
    'Another import of yours is still being read; try again when it has finished',
    '您的另一个导入仍在处理中，请在其完成后重试',
    '您的另一個導入仍在處理中，請在其完成後重試',
  ),
  exportsRunning: m(
    'Two of your exports are still being written; try again when one has finished',
    '您有两个导出仍在生成中，请在其中一个完成后重试',
    '您有兩個導出仍在生成中，請在其中一個完成後重試',
  ),
  exportsBusy: m(
    'The server is writing many exports now; try again in a minute',
    '服务器正在生成较多导出，请一分钟后再试',
    '伺服器正在生成較多導出，請一分鐘後再試',
  ),
  exportTruncated: m(
    'The file stops here, at {rows} rows: narrow the filters (dates, company) to export the rest',
    '文件到此为止，共{rows}行：请缩小筛选范围（日期、单位）以导出其余部分',
    '文件到此為止，共{rows}行：請縮小篩選範圍（日期、單位）以導出其餘部分',
  ),
  importRowInvalid: m(
    'A row cannot be imported; check the rows and try again',
    '有行无法导入，请检查后重试',
    '有行無法導入，請檢查後重試',
  ),
} satisfies Record<string, Msg>;

export type MessageKey = keyof typeof Messages;

export const isMessageKey = (key: unknown): key is MessageKey =>
  typeof key === 'string' && Object.hasOwn(Messages, key);

/** Per-card-type balance message, by card type code 0–7. */
export const insufficientByCard: Record<number, MessageKey> = {
  0: 'insufficientVoice',
  1: 'insufficientRecording',
  2: 'insufficientLocation',
  3: 'insufficientSos',
  4: 'insufficientFence',
  5: 'insufficientVideo',
  6: 'insufficientDuplex',
  7: 'insufficientVip',
};

/** SPEC §8: message display replaces the word IMEI with 'SSID(IMEI)'. */
export const displayMessage = (text: string): string => text.replace(/(?<!SSID\()IMEI/g, 'SSID(IMEI)');
