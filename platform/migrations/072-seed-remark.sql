-- A remark is what the person who charged typed, and nobody typed the demo's opening balances: their English remark
-- 'opening balance' (shown as it is on Chinese screens) is left empty, as the seed leaves it.
update balance_ledger set remark = '' where ref = 'seed' and remark = 'opening balance';
