-- The demo's opening balances carried the English remark 'opening balance', shown as it is on Chinese screens; a
-- remark is what the person who charged typed, and nobody typed this one: it is left empty, as the seed now leaves it.
update balance_ledger set remark = '' where ref = 'seed' and remark = 'opening balance';
